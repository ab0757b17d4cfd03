import numpy as np


def sinusoidal_encoding(T, d):
    table = np.empty((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2):
            freq = 1.0 / (10000 ** (2 * i // d))
            table[pos, 2 * i] = np.sin(pos * freq)
            table[pos, 2 * i - 1] = np.cos(pos * freq)
    return table
