import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T)[:, None]
    j = np.arange(d)[None, :]
    angle = pos / np.power(10000.0, j / d)
    pe = np.where(j % 2 == 0, np.sin(angle), np.cos(angle))
    return pe
