import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    theta = base ** (-np.arange(0, d, 2) // d)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    if positions is None:
        positions = np.arange(1, T + 1)
    angles = np.asarray(positions)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
