import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    d = x.shape[-1]
    if positions is None:
        positions = np.arange(x.shape[0])
    inv_freq = base ** (-np.arange(0, d, 2) / d)
    angle = np.asarray(positions)[:, None] * inv_freq[None, :]
    cos, sin = np.cos(angle), np.sin(angle)
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out
