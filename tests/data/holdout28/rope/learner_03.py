import torch


def _positions(x, positions):
    if positions is None:
        return torch.arange(x.shape[-2], device=x.device)
    return torch.as_tensor(positions, device=x.device)


def _angles(positions, d, base):
    idx = torch.arange(0, d, 2, dtype=torch.float64, device=positions.device)
    return positions.to(torch.float64)[:, None] * base ** (-idx / d)


def _rotate_pairs(x, cos, sin):
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


def apply_rope(x, positions=None, base=10000.0):
    ang = _angles(_positions(x, positions), x.shape[-1], base)
    return _rotate_pairs(x, ang.cos().to(x.dtype), ang.sin().to(x.dtype))
