import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    if positions is None:
        positions = np.arange(T)
    theta = 1.0 / base ** (np.arange(d // 2) / d)
    ang = np.outer(positions, theta)
    c, s = np.cos(ang), np.sin(ang)
    xe, xo = x[..., ::2], x[..., 1::2]
    out = np.stack([xe * c - xo * s, xe * s + xo * c], axis=-1)
    return out.reshape(x.shape).astype(x.dtype)
