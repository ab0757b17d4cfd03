import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    inv_freq = torch.pow(base, -torch.arange(0, d // 2, dtype=torch.float64, device=x.device) / d)
    angles = torch.outer(positions.to(torch.float64), inv_freq)
    cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    pairs = x.unflatten(-1, (d // 2, 2))
    x_even, x_odd = pairs.unbind(-1)
    rotated = torch.stack((x_even * cos + x_odd * sin, x_odd * cos - x_even * sin), dim=-1)
    return rotated.flatten(-2)
