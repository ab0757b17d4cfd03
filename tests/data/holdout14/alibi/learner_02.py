import numpy as np


def alibi_bias(n_heads, T):
    out = np.zeros((n_heads, T, T))
    for h in range(n_heads):
        slope = 2 ** -8 * (h + 1) / n_heads
        for i in range(T):
            for j in range(i + 1):
                out[h, i, j] = -slope * abs(i - j)
    return out
