import numpy as np


def _angles(T, d):
    pos = np.arange(T, dtype=np.float64)[:, None]
    inv_freq = np.power(10000.0, -np.arange(0, d, 2, dtype=np.float64) / d)
    return pos * inv_freq[None, :]


def sinusoidal_encoding(T, d):
    ang = _angles(T, d)
    return np.stack([np.sin(ang), np.cos(ang)], axis=-1).reshape(T, d)
