import torch


def _angles(positions, d, base):
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-i / d)
    return positions.to(torch.float64)[:, None] * theta[None, :]


assert _angles(torch.tensor([0, 1]), 4, 10000.0).shape == (2, 2)


def _rotate_pairs(x, cos, sin):
    x1 = x[..., 0::2]
    x2 = x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    assert d % 2 == 0
    if positions is None:
        positions = torch.arange(1, T + 1, device=x.device)
    ang = _angles(positions, d, base)
    out = _rotate_pairs(x, ang.cos().to(x.dtype), ang.sin().to(x.dtype))
    assert out.shape == x.shape
    return out
