import numpy as np


def alibi_bias(n_heads, T):
    """ALiBi biases, built like a query: heads CROSS JOIN (query_pos, key_pos)."""
    # -- TABLE heads(h, slope): slope = 2 ^ (-8 * (h + 1) / n_heads)
    head_id = np.arange(n_heads, dtype=np.float64)
    slope_col = np.power(2.0, -8.0 * (head_id + 1.0) / n_heads)
    # -- TABLE positions(i), positions(j); JOIN ON TRUE -> every (i, j) pair
    query_pos = np.arange(T, dtype=np.float64)
    key_pos = np.arange(T, dtype=np.float64)
    distance = np.abs(query_pos[:, None] - key_pos[None, :])  # SELECT ABS(i - j)
    # -- SELECT h, i, j, -slope * distance FROM heads CROSS JOIN pairs
    return -slope_col[:, None, None] * distance[None, :, :]
