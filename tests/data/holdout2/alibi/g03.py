import numpy as np


def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 * h / n_heads) for h in range(n_heads)])
    idx = np.arange(T)
    dist = np.abs(idx[:, None] - idx[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
