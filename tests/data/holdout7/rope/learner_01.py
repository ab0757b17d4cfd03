import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    positions = np.asarray(positions, dtype=np.float64)

    i = np.arange(d // 2, dtype=np.float64)
    theta = base ** (-2.0 * i / d)  # (d/2,)
    ang = positions[:, None] * theta[None, :]  # (T, d/2)
    cos, sin = np.cos(ang), np.sin(ang)

    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
