import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    inv_freq = base ** -(torch.arange(0, d, 2, dtype=torch.float64, device=x.device) / d)
    angles = torch.outer(positions.to(torch.float64), inv_freq)
    cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    x_even, x_odd = x[..., : d // 2], x[..., d // 2 :]
    rotated = torch.stack((x_even * cos - x_odd * sin, x_even * sin + x_odd * cos), dim=-2)
    return rotated.flatten(-2)
