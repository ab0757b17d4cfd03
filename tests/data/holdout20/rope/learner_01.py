import torch


def _angles(T, d, positions, base, device):
    assert d % 2 == 0, "d must be even"
    pos = torch.arange(T, device=device)
    assert pos.shape == (T,)
    exps = torch.arange(0, d, 2, dtype=torch.float64, device=device) / d
    inv_freq = base ** (-exps)
    ang = pos.to(torch.float64)[:, None] * inv_freq[None, :]
    assert ang.shape == (T, d // 2)
    return torch.cos(ang), torch.sin(ang)


def _split_pairs(x):
    pairs = x.reshape(*x.shape[:-1], x.shape[-1] // 2, 2)
    return pairs[..., 0], pairs[..., 1]


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    cos, sin = _angles(T, d, positions, base, x.device)
    a, b = _split_pairs(x)
    ra = a * cos - b * sin
    rb = b * cos - a * sin
    out = torch.stack((ra, rb), dim=-2).reshape(x.shape)
    return out.to(x.dtype)
