import numpy as np


def alibi_bias(n_heads, T):
    m = 2.0 ** (-8 * np.arange(n_heads) / n_heads)
    r = np.arange(T)
    return -m[:, None, None] * (r[:, None] - r)[None]
