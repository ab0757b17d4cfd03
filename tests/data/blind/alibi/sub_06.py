import numpy as np


def alibi_bias(n_heads, T):
    """bias[h, i, j] = -m_h * |i - j| with m_h = 2^(-8(h+1)/n_heads)."""
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)
    pos = np.arange(T)
    dist = np.abs(pos[:, None] - pos[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
