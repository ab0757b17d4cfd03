import numpy as np


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    # Preallocate the whole (n_heads, T, T) block once, then fill it element by element.
    bias = np.zeros((n_heads, T, T), dtype=np.float64)
    for h in range(n_heads):                       # head h = 1..n_heads in the paper's numbering
        slope = 2.0 ** (-8.0 * (h + 1) / n_heads)
        for i in range(T):                         # query row i = 1..T
            for j in range(T):                     # key column j = 1..T
                bias[h, i, j] = -slope * abs(i - j)
    return bias
