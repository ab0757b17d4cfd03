import numpy as np


def alibi_bias(n_heads, T):
    # slopes: geometric sequence 2^(-8/n), 2^(-16/n), ... one per head
    h = np.arange(1, n_heads + 1, dtype=np.float64)
    slopes = 2.0 ** (-8.0 * h / n_heads)

    pos = np.arange(T)
    dist = np.abs(pos[:, None] - pos[None, :])  # (T, T), |i - j|

    # (H, 1, 1) * (1, T, T) -> (H, T, T)
    return -slopes[:, None, None] * dist[None, :, :]
