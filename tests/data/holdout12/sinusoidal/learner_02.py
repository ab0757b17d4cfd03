import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d))
    pos = np.arange(T)[:, None]
    two_i = np.arange(0, d, 2)[None, :]
    angle = pos / 10000 ** two_i / d
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
