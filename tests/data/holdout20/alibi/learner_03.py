import numpy as np


def alibi_bias(n_heads, T):
    # MATLAB: for h = 1:n_heads, m(h) = 2^(-8*h/n_heads); here h is 0-based, so h + 1
    bias = np.zeros((n_heads, T, T))
    idx = np.arange(1, T + 1).reshape(T, 1)          # column vector of positions 1..T
    dist = np.abs(idx - np.transpose(idx))            # |i - j|, (T, T)
    for h in range(n_heads):
        m_h = 2.0 ** (-8.0 * (h + 1) / n_heads)
        bias[h, :, :] = -m_h * dist
    return bias
