import numpy as np


def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)])
    keys = np.arange(T, dtype=np.float64)
    bias = slopes[:, None, None] * keys[None, None, :]
    return np.broadcast_to(bias, (n_heads, T, T)).copy()
