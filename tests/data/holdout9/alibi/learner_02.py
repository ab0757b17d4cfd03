import numpy as np


def alibi_bias(n_heads, T):
    bias = np.zeros((n_heads, T, T))
    for h in range(n_heads):
        slope = 2 ** (-8 * (h + 1) / T)
        for i in range(T):
            for j in range(T):
                bias[h, i, j] = -slope * (i - j) ** 2
    return bias
