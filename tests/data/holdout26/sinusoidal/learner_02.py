import numpy as np


def sinusoidal_encoding(T, d):
    pos = np.arange(T, dtype=np.float64).reshape(T, 1)
    denom = np.power(np.float64(10000.0), np.arange(1, d, 2, dtype=np.float64) / np.float64(d))
    angles = pos / denom.reshape(1, d // 2)
    pe = np.zeros((T, d), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe.astype(np.float32)
