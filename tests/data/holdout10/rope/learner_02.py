import torch


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    if positions is None:
        positions = torch.arange(T)
    positions = torch.as_tensor(positions)
    inv_freq = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / T)
    angles = positions.to(torch.float64)[:, None] * inv_freq[None, :]
    rot = torch.polar(torch.ones_like(angles), angles)
    xc = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], d // 2, 2).contiguous())
    out = torch.view_as_real(xc * rot).reshape(x.shape)
    return out.float()
