import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(1, T + 1).reshape(-1, 1).astype(np.float64)       # T x 1 column
    idx = np.arange(0, d, 2).reshape(1, -1)                    # 1 x d/2 row of 2i
    denom = np.power(10000.0, idx // d)
    arg = np.dot(pos, 1.0 / denom)                             # outer product, T x d/2
    PE = np.zeros((T, d))
    PE[:, 0::2] = np.sin(arg)
    PE[:, 1::2] = np.cos(arg)
    return PE
