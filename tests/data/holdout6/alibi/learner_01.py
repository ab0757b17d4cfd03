import numpy as np


def get_slopes(n_heads):
    return np.array([2 ** (-8 * h / n_heads) for h in range(n_heads)])


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    slopes = get_slopes(n_heads)
    pos = np.arange(T)
    dist = np.abs(pos[:, None] - pos[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
