import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2):
            denom = 10000.0 ** (2 * i / d)
            pe[pos, i] = np.sin(pos / denom)
            pe[pos, i + 1] = np.cos(pos / denom)
    return pe
