import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T)[:, None]
    j = np.arange(d)[None, :]
    angle = pos / np.power(10000.0, j / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(angle[:, 0::2])
    pe[:, 1::2] = np.cos(angle[:, 1::2])
    return pe
