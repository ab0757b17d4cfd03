import numpy as np


def alibi_bias(n_heads, T):
    out = np.zeros((n_heads, T, T), dtype=int)
    for h in range(n_heads):
        m_h = 2 ** (8 * (h + 1) / n_heads)
        for i in range(T):
            for j in range(T):
                out[h, i, j] = -m_h * abs(i - j)
    return out
