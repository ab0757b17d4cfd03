import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-2]
    d = x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    m = np.asarray(positions, dtype=np.float64).reshape(-1, 1)           # T x 1 column
    i = np.arange(d // 2).reshape(1, -1)                                 # 1 x d/2 row
    theta = np.power(base, -2.0 * i / d)
    ang = np.dot(m, theta)                                                # T x d/2
    c = np.cos(ang).astype(x.dtype)
    s = -np.sin(ang).astype(x.dtype)
    xe = x[..., 0::2]
    xo = x[..., 1::2]
    y = np.empty_like(x)
    y[..., 0::2] = xe * c - xo * s
    y[..., 1::2] = xe * s + xo * c
    return y
