import numpy as np


def sinusoidal_encoding(T, d):
    table = np.zeros((T, d))
    for pos in range(1, T):
        for i in range(d // 2):
            angle = pos / 10000 ** 2 * i / d
            table[pos, 2 * i] = np.sin(angle)
            table[pos, 2 * i + 1] = np.cos(angle)
    return table
