import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    inv_freq = base ** (-np.arange(0, d, 2) / d)
    angles = np.asarray(positions, dtype=np.float64)[:, None] * inv_freq[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    out = x
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * cos + x_odd * sin
    return out
