import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.empty((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2):
            freq = 1.0 / 10000 ** (i / d)
            pe[pos, 2 * i] = np.sin(pos * freq)
            pe[pos, 2 * i + 1] = np.cos(pos * freq)
    return pe
