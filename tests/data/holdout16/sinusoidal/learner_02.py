import numpy as np


def sinusoidal_encoding(T, d):
    if not isinstance(T, int) or not isinstance(d, int):
        raise TypeError("T and d must be ints")
    if d % 2 != 0:
        raise ValueError("d must be even")
    if T == 0:
        return np.zeros((0, d), dtype=np.float64)
    positions = np.arange(T, dtype=np.float64).reshape(T, 1)
    two_i = np.arange(1, d, 2, dtype=np.float64).reshape(1, d // 2)
    denom = np.power(10000.0, two_i / d, dtype=np.float64)
    angles = positions / denom
    pe = np.zeros((T, d), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
