import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    m = np.asarray(positions, dtype=np.float64).reshape(T, 1)     # column of positions
    i = np.arange(1, d // 2 + 1).reshape(1, d // 2)               # pair index, 1-based
    theta = base ** (-2.0 * (i - 1) / d)
    ang = np.dot(m, theta)                                         # outer product, T x d/2
    C = np.cos(ang)
    S = np.sin(ang)
    y = np.empty_like(x)
    x1 = x[..., 0::2]
    x2 = x[..., 1::2]
    y[..., 0::2] = x1 * C - x2 * S
    y[..., 1::2] = x1 * S + x2 * C
    return y
