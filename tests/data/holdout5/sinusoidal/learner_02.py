import numpy as np


def sinusoidal_encoding(T, d):
    i = np.arange(0, d, 2)
    freq = 1.0 / 10000 ** (2 * i / d)
    ang = np.outer(np.arange(T), freq)
    pe = np.empty((T, d))
    pe[:, ::2] = np.sin(ang)
    pe[:, 1::2] = np.sin(ang)
    return pe
