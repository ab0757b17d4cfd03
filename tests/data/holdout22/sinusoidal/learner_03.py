import numpy as np


def sinusoidal_encoding(T, d):
    """Sinusoidal positional encoding: see TASK.md."""
    vec = np.arange(1, T + 1)
    freq = 1.0 / 1000.0 ** (np.arange(d // 2) * 2 / d)
    mat = np.outer(vec, freq)
    res = np.empty((T, d))
    res[:, 0::2] = np.sin(mat)
    res[:, 1::2] = np.cos(mat)
    return res
