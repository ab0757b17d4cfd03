import numpy as np


def sinusoidal_encoding(T, d):
    PE = np.zeros((T, d))
    pos = np.arange(T)[:, None]
    j = np.arange(d)[None, :]
    angle = pos / np.power(10000, j / d)
    PE[:, 0::2] = np.sin(angle[:, 0::2])
    PE[:, 1::2] = np.sin(angle[:, 1::2])
    return PE
