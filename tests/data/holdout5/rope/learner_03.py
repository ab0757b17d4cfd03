import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    theta = base ** (-2.0 * np.arange(d // 2) / d)
    ang = np.outer(pos, theta)
    cos = np.cos(ang)
    sin = np.sin(ang)
    a, b = x[..., : d // 2], x[..., d // 2:]
    out = np.empty(x.shape)
    out[..., 0::2] = a * cos - b * sin
    out[..., 1::2] = a * sin + b * cos
    return out
