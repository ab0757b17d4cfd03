import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T)
    inv = base ** (-np.arange(0, d // 2) / d)
    ang = np.multiply.outer(pos, inv).astype(x.dtype)
    c, s = np.cos(ang), np.sin(ang)
    out = np.empty_like(x)
    out[..., 0::2] = x[..., 0::2] * c - x[..., 1::2] * s
    out[..., 1::2] = x[..., 0::2] * s + x[..., 1::2] * c
    return out
