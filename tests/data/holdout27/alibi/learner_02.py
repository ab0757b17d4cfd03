import numpy as np

SLOPE_EXP_NUM = 1 << 3  # m_h = 2^(-8 (h + 1) / n_heads)


def alibi_bias(n_heads, T):
    out = np.zeros((n_heads, T, T), dtype=np.float64)
    cols = np.arange(T)
    for h in range(n_heads):
        slope = 2.0 ** (-SLOPE_EXP_NUM * h / n_heads)
        for i in range(T):
            out[h, i, :] = -slope * np.abs(i - cols)
    return out
