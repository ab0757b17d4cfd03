import numpy as np


def alibi_bias(n_heads, T):
    # written the MATLAB way: 1-based index vectors, then shift when storing
    H = n_heads
    hh = np.arange(1, H + 1)                    # 1:H
    m = 2.0 ** (-8.0 * hh / H)                  # slopes m_1 .. m_H
    ii = np.arange(1, T + 1).reshape(T, 1)      # (1:T)'
    jj = np.arange(1, T + 1).reshape(1, T)      # 1:T
    D = np.abs(ii - jj)                         # |i - j|, T x T
    B = np.zeros((H, T, T))
    for h in range(1, H + 1):
        B[h - 1, :, :] = -m[H - h] * D
    return B
