import numpy as np


def slope(h, n_heads):
    return 2.0 ** (-(h + 1) / n_heads)


def distance(i, j):
    return i - j


def head_bias(h, n_heads, T):
    return [[-slope(h, n_heads) * distance(i, j) for j in range(T)] for i in range(T)]


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    return np.array([head_bias(h, n_heads, T) for h in range(n_heads)], dtype=np.float64).reshape(n_heads, T, T)
