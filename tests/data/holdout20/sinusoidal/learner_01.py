import numpy as np


class Positions:
    def __call__(self, T):
        return np.arange(1, T + 1, dtype=np.float64).reshape(T, 1)


class Frequencies:
    def __init__(self, base=10000.0):
        self.base = base

    def __call__(self, d):
        i = np.arange(d // 2, dtype=np.float64).reshape(1, d // 2)
        return self.base ** (2.0 * i / d)


class Interleave:
    def __call__(self, angles):
        T, half = angles.shape
        pe = np.empty((T, 2 * half), dtype=np.float64)
        pe[:, 0::2] = np.sin(angles)
        pe[:, 1::2] = np.cos(angles)
        return pe


def sinusoidal_encoding(T, d):
    angles = Positions()(T) * Frequencies()(d)
    return Interleave()(angles)
