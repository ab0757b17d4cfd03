import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d), dtype=np.float64)
    pos = np.arange(T, dtype=np.float64).reshape(-1, 1)
    two_i = np.arange(0, d // 2, dtype=np.float64)
    denom = np.power(10000.0, two_i / d)
    angles = pos / denom
    sin_block = np.sin(angles).copy()
    cos_block = np.cos(angles).copy()
    pe[:, 0::2] = cos_block
    pe[:, 1::2] = cos_block
    return pe.copy()
