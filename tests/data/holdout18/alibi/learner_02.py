import numpy as np


def alibi_bias(n_heads, T):
    h = np.arange(1, n_heads + 1).reshape(-1, 1)        # column vector of head numbers 1..n
    m = np.power(2.0, -8.0 * h / n_heads)               # n_heads x 1 slopes
    i = np.arange(T).reshape(-1, 1)                     # column vector of query positions
    j = np.arange(T).reshape(1, -1)                     # row vector of key positions
    D = np.abs(i - j)                                   # T x T distances
    bias = -m.reshape(-1, 1, 1) * D.reshape(1, T, T)
    return bias
