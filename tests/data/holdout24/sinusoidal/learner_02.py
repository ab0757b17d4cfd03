import numpy as np


def sinusoidal_encoding(T, d):
    n = np.arange(T)[:, None]                                       # sample index
    omega = np.exp(-np.log10(10000.0) * np.arange(0, d, 2) / d)       # angular frequency per channel pair
    phase = 2 * np.pi * n * omega[None, :]
    pe = np.empty((T, d))
    pe[:, 0::2] = np.sin(phase)
    pe[:, 1::2] = np.cos(phase)
    return pe
