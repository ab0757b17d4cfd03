import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    if positions is None:
        positions = torch.arange(T)
    theta = base ** (-torch.arange(d // 2) / d)
    ang = positions[:, None].to(theta.dtype) * theta[None, :]
    cos, sin = torch.cos(ang).to(x.dtype), torch.sin(ang).to(x.dtype)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
