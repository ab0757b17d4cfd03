import numpy as np


def get_slopes(n):
    ratio = 2.0 ** (-8.0 / n)
    return ratio ** np.arange(1, n + 1)


def alibi_bias(n_heads, T):
    m = get_slopes(n_heads)
    i = np.arange(T).reshape(T, 1)
    j = np.arange(T).reshape(1, T)
    rel = j - i
    bias = m.reshape(-1, 1, 1) * rel
    return bias.astype(np.float32)
