import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    # positions default to 0..T-1
    if positions is None:
        positions = torch.arange(T)
    # one frequency per pair: theta_i = base^(-2i/d)
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    # angle for each (position, pair): m * theta_i, shape (T, d/2)
    angles = positions.to(torch.float64)[:, None] * theta[None, :]
    cos, sin = torch.cos(angles).to(x.dtype), torch.sin(angles).to(x.dtype)
    # the two members of each pair
    x_even, x_odd = x[..., : d // 2], x[..., d // 2 :]
    # rotate each pair by its angle
    out_even = x_even * cos - x_odd * sin
    out_odd = x_even * sin + x_odd * cos
    # interleave back: (..., T, d/2, 2) -> (..., T, d)
    return torch.stack([out_even, out_odd], dim=-1).flatten(-2)
