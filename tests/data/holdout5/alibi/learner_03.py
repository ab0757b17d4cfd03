import numpy as np


def alibi_bias(n_heads, T):
    exps = np.arange(n_heads, 0, -1)
    slopes = np.power(2.0, -8.0 * exps / n_heads)
    positions = np.arange(T)
    rel = np.tril(positions[:, None] - positions[None, :])
    return -(slopes.reshape(n_heads, 1, 1) * rel)
