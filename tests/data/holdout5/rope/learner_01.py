import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    positions = torch.as_tensor(positions, device=x.device)
    i = torch.arange(d // 2, dtype=torch.float64, device=x.device)
    theta = base ** (-2 * i / d)
    angles = positions.to(torch.float64)[:, None] * theta[None, :]
    cos, sin = torch.cos(angles).to(x.dtype), torch.sin(angles).to(x.dtype)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
