import torch

DEBUG = False


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T)
    pos = torch.as_tensor(positions).to(torch.float64)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (2.0 * i / d)
    angles = pos[:, None] * theta[None, :]
    if DEBUG:
        print("angles", tuple(angles.shape), float(angles.max()))
    cos = torch.cos(angles).to(x.dtype)
    sin = torch.sin(angles).to(x.dtype)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    out = x
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    if DEBUG:
        print("out", tuple(out.shape), out.dtype)
    return out
