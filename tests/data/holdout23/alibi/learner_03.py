import numpy as np


def alibi_bias(n_heads, T):
    r = 2.0 ** (-1.0 / n_heads)
    m = r ** np.arange(1, n_heads + 1)
    i = np.arange(T)
    return m[:, None, None] * np.abs(i[:, None] - i)[None]
