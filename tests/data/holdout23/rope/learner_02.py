import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T)
    ang = pos[:, None] * base ** (-np.arange(0, d, 2) / d)
    c, s = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    pairs = x.reshape(*x.shape[:-1], 2, d // 2).swapaxes(-1, -2)
    a, b = pairs[..., 0], pairs[..., 1]
    return np.stack((a * c - b * s, a * s + b * c), axis=-1).reshape(x.shape)
