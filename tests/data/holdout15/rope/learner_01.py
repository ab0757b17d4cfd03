import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    m = np.arange(T) if positions is None else np.asarray(positions)
    th = base ** (-np.arange(0, d, 2) / d)
    a = np.outer(m, th)
    c, s = np.cos(a).astype(x.dtype), np.sin(a).astype(x.dtype)
    u, w = x[..., 0::2], x[..., 1::2]
    y = np.empty_like(x)
    y[..., 0::2] = u * c - w * s
    y[..., 1::2] = u * s + w * c
    return y
