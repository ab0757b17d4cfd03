import numpy as np


def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8.0 * np.arange(n_heads) / n_heads)
    pos = np.arange(T)
    dist = np.abs(pos[:, np.newaxis] - pos[np.newaxis, :])
    return -slopes[:, np.newaxis, np.newaxis] * dist[np.newaxis, :, :]
