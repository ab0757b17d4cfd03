import numpy as np


def sinusoidal_encoding(T, d):
    """Frequencies on a log scale: log w_i = -(2i / d) ln 10000, so w_i = exp(-(2i / d) ln 10000)."""
    two_i = np.arange(0, d, 2, dtype=np.float64)
    log_freq = -(two_i / d) * np.log10(10000.0)
    pos = np.arange(T, dtype=np.float64)
    phase = pos[:, None] / np.exp(log_freq)[None, :]
    pe = np.empty((T, d), dtype=np.float64)
    pe[:, 0::2] = np.sin(phase)
    pe[:, 1::2] = np.cos(phase)
    return pe
