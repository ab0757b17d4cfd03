import numpy as np


def alibi_bias(n_heads, T):
    dist = np.zeros((T, T), dtype=int)
    for i in range(T):
        for j in range(T):
            dist[i, j] = abs(i - j)
    bias = np.zeros((n_heads, T, T), dtype=dist.dtype)
    for h in range(n_heads):
        m = 2 ** (-8 * (h + 1) / n_heads)
        bias[h] = -m * dist
    return bias
