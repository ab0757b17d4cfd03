import numpy as np


def sinusoidal_encoding(T, d):
    def row(pos):
        for i in range(0, d, 2):
            angle = pos / 10000 ** (2 * i / d)
            yield np.sin(angle)
            yield np.cos(angle)

    return np.array([list(row(p)) for p in range(T)], dtype=np.float64)
