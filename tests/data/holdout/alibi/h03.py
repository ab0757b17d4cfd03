import numpy as np


def alibi_bias(n_heads, T):
    ratio = 2.0 ** (-8.0 / n_heads)
    slopes = ratio ** np.arange(1, n_heads + 1)
    dist = np.abs(np.subtract.outer(np.arange(T), np.arange(T)))
    return -slopes[:, None, None] * dist[None, :, :]
