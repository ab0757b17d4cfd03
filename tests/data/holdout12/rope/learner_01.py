import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    pos = np.arange(T, dtype=np.float64) if positions is None else np.asarray(positions, dtype=np.float64)
    half = d // 2
    freq = 1.0 / base ** np.arange(half) * 2.0 / d
    angle = np.outer(pos, freq)
    c = np.cos(angle).astype(x.dtype)
    s = np.sin(angle).astype(x.dtype)
    x2 = x.reshape(*x.shape[:-1], half, 2)
    a, b = x2[..., 0].copy(), x2[..., 1].copy()
    x2[..., 0] = a * c - b * s
    x2[..., 1] = a * s + b * c
    return x2.reshape(x.shape)
