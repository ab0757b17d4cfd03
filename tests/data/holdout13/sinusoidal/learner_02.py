import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T)[:, None]
    i2 = np.arange(0, d, 2)[None, :]
    angle = pos / np.power(10000.0, i2 / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
