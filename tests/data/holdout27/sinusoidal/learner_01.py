import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64)[:, None]
    i = np.arange(d // 2, dtype=np.float64)[None, :]
    angle = pos / np.power(10000.0, 2.0 * i / d)
    pe = np.concatenate([np.sin(angle), np.cos(angle)], axis=-1)
    return pe.reshape(T, d)
