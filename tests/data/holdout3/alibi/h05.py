import numpy as np


def alibi_bias(n_heads, T):
    out = np.zeros((n_heads, T, T))
    idx = np.arange(T)
    dist = np.abs(idx[:, None] - idx[None, :])
    for h in range(n_heads):
        m = 2 ** (-8 / n_heads) ** (h + 1)
        out[h] = -m * dist
    return out
