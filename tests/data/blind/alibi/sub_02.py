import numpy as np


def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 / n_heads) ** (h + 1) for h in range(n_heads)])
    idx = np.arange(T)
    dist = np.abs(idx[:, None] - idx[None, :]).astype(np.float64)
    return -slopes[:, None, None] * dist
