import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    if positions is None:
        positions = np.arange(T)
    i = np.arange(d // 2)
    theta = base ** (-2.0 * i / d)
    angle = np.asarray(positions, dtype=np.float64)[:, None] * theta
    c, s = np.cos(angle), np.sin(angle)
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    y0 = x0 * c + x1 * s
    y1 = -x0 * s + x1 * c
    return np.stack([y0, y1], axis=-1).reshape(x.shape).astype(x.dtype)
