import numpy as np


def alibi_bias(n_heads, T):
    """ALiBi biases, accumulated in float64."""
    heads = np.arange(n_heads, dtype=np.float64).reshape(-1, 1, 1)  # (H, 1, 1)
    with np.errstate(over="raise", under="ignore"):
        log2_slopes = -8.0 * heads / float(n_heads)
        slopes = np.exp2(log2_slopes)
    i = np.arange(T, dtype=np.float64).reshape(1, -1, 1)
    j = np.arange(T, dtype=np.float64).reshape(1, 1, -1)
    distance = np.subtract(i, j)
    bias = np.multiply(-slopes, distance, dtype=np.float64)
    return bias.astype(np.float64, copy=False)
