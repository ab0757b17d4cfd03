import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64)[:, None]
    two_i = np.arange(0, d, 2, dtype=np.float64)
    div_term = np.exp(-two_i * np.log(10000.0) / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(pos * div_term)
    pe[:, 1::2] = np.cos(pos * div_term[: d // 2])
    return pe
