import numpy as np


def get_slopes(n):
    start = 2 ** (-8 / n)
    return np.array([start * start ** i for i in range(n)])


def alibi_bias(n_heads, T):
    m = get_slopes(n_heads)
    i = np.arange(T).reshape(-1, 1)
    j = np.arange(T).reshape(-1, 1)
    bias = np.zeros((n_heads, T, T), dtype=int)
    for h in range(n_heads):
        bias[h] = -m[h] * np.abs(i - j)
    return bias
