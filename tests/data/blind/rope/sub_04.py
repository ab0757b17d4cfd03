import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    if positions is None:
        positions = torch.arange(T)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-2 * i / d)
    ang = positions.to(torch.float64)[:, None] * theta
    cos, sin = torch.cos(ang).to(x.dtype), torch.sin(ang).to(x.dtype)
    x1 = x[..., 0::2]
    x2 = x[..., 1::2]
    rotated = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
    return rotated.reshape(x.shape)
