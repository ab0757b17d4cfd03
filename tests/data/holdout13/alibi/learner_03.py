import numpy as np


def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)
    pos = np.arange(T)
    dist = np.abs(pos[None, :] - pos[:, None])
    return -slopes[:, None, None] * dist
