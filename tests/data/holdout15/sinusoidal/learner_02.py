import numpy as np


def sinusoidal_encoding(T, d):
    p = np.arange(1, T + 1)[:, None]
    i = np.arange(d // 2)[None, :]
    w = 1.0 / 10000 ** (2 * i // d)
    P = np.empty((T, d))
    P[:, 0::2] = np.cos(p * w)
    P[:, 1::2] = np.cos(p * w)
    return P
