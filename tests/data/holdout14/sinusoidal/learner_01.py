import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64)[:, None]
    two_i = np.arange(d // 2, dtype=np.float64)[None, :]
    angle = pos / np.power(10000.0, two_i / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
