import numpy as np


def _positions(T):
    return np.arange(T, dtype=np.float64)[:, None]


def _inv_freq(d):
    return np.exp(-np.log10(10000.0) * np.arange(0, d, 2) / d)[None, :]


def _interleave(a, b):
    out = np.empty((a.shape[0], 2 * a.shape[1]), dtype=a.dtype)
    out[:, 0::2] = a
    out[:, 1::2] = b
    return out


def sinusoidal_encoding(T, d):
    ang = _positions(T) * _inv_freq(d)
    return np.concatenate([np.sin(ang), np.cos(ang)], axis=1)
