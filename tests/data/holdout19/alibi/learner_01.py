import numpy as np


def computeSlopes(nHeads):
    slopes = np.empty(nHeads, dtype=np.float64)
    for h in range(nHeads):
        slopes[h] = 2.0 ** (-8.0 * (h + 1) / nHeads)
    return slopes


def alibi_bias(n_heads, T):
    if n_heads <= 0 or T < 0:
        raise ValueError("n_heads must be positive and T non-negative")
    slopes = computeSlopes(n_heads)
    bias = np.zeros((n_heads, T, T), dtype=np.float64)
    for h in range(n_heads):
        for i in range(T):
            for j in range(i + 1):
                bias[h, i, j] = -slopes[h] * abs(i - j)
    return bias
