import numpy as np


def alibi_bias(n_heads, T):
    r = np.arange(T)
    m = np.power(0.5, -8 * np.arange(1, n_heads + 1) / n_heads)
    return m[:, None, None] * np.abs(np.subtract.outer(r, r))
