import numpy as np


def alibi_bias(n_heads, T):
    # slopes: a geometric sequence that starts at 2^(-8/n)
    slopes = np.array([2.0 ** (-8.0 * (h + 1) / T) for h in range(n_heads)])
    pos = np.arange(T)
    dist = np.abs(pos[:, None] - pos[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
