import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64)[:, None]
    two_i = np.arange(0, d, 2, dtype=np.float64)[None, :]
    arg = pos * np.exp(-two_i * np.log(10000.0) / d)
    return np.stack([np.sin(arg), np.cos(arg)], axis=-1).reshape(T, -1)[:, :d]
