import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64)
    inv_freq = 1.0 / 10000.0 ** (np.arange(0, d // 2, dtype=np.float64) / d)
    angles = np.einsum("t,f->tf", pos, inv_freq)
    pe = np.stack([np.sin(angles), np.cos(angles)], axis=1)
    return pe.reshape(T, d)
