import numpy as np


def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 * (h + 1) / n_heads) for h in range(1, n_heads + 1)])
    pos = np.arange(T)
    dist = np.abs(pos[:, None] - pos[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
