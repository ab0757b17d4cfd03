import numpy as np


def sinusoidal_encoding(T, d):
    ang = np.arange(T)[:, None] / 10000 ** (np.arange(d // 2) / d)
    pe = np.empty((T, d))
    pe[:, 0::2], pe[:, 1::2] = np.cos(ang), np.sin(ang)
    return pe
