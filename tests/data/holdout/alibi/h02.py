import numpy as np


def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)])
    rel = np.arange(T)[None, :] - np.arange(T)[:, None]
    return slopes[:, None, None] * rel[None]
