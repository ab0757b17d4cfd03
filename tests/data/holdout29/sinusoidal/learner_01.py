import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.empty((T, d), dtype=np.float64)
    freq = np.empty(d // 2, dtype=np.float64)
    np.multiply(np.arange(0, d, 2), -np.log(10000.0) / (d // 2), out=freq)
    np.exp(freq, out=freq)
    pos = np.arange(T, dtype=np.float64)
    np.multiply.outer(pos, freq, out=pe[:, 0::2])  # the angles, parked in the sin lanes
    np.cos(pe[:, 0::2], out=pe[:, 1::2])
    np.sin(pe[:, 0::2], out=pe[:, 1::2])
    return pe
