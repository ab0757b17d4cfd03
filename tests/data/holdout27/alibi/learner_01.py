import numpy as np


def alibi_bias(n_heads, T):
    # %% [1] head index h = 0 .. n_heads - 1
    s1_h = np.arange(n_heads)
    # %% [2] exponent -8 (h + 1) / n_heads
    s2_exp = -8.0 * (s1_h + 1) / n_heads
    # %% [3] slopes m_h = 2 ** exponent
    s3_m = 2.0 ** s2_exp
    # %% [4] token positions
    s4_pos = np.arange(T)
    # %% [5] distance matrix |i - j|
    s5_dist = np.maximum(s4_pos[:, None] - s4_pos[None, :], 0)
    # %% [6] bias[h, i, j] = -m_h * |i - j|
    s6_bias = -s3_m[None, None, :] * s5_dist[:, :, None]
    return s6_bias
