import numpy as np


def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8 * np.arange(1, n_heads + 1) // n_heads)
    pos = np.arange(T)
    dist = np.maximum(pos[:, None] - pos[None, :], 0)
    return -slopes[:, None, None] * dist[None, :, :]
