import numpy as np


def alibi_bias(n_heads, T):
    start = 2.0 ** (-8 // n_heads)
    m = start ** np.arange(1, n_heads + 1)
    i = np.arange(T).reshape(T, 1)
    j = np.arange(T).reshape(1, T)
    bias = -(i - j) * m.reshape(n_heads, 1, 1)
    return bias.astype(np.float64)
