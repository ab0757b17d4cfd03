import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-2 * i // d)
    ang = positions.to(torch.float64)[:, None] * theta
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    pairs = x.unflatten(-1, (d // 2, 2))
    a, b = pairs[..., 0], pairs[..., 1]
    out = torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1)
    return out.flatten(-2)
