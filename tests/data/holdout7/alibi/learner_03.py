import numpy as np


def alibi_bias(n_heads, T):
    slopes = []
    for h in range(n_heads):
        slopes.append(2 ** (-8 * h / n_heads))
    slopes = np.array(slopes)

    i = np.arange(T).reshape(T, 1)
    j = np.arange(T).reshape(1, T)
    dist = np.abs(i - j).astype(np.float64)

    # one (T, T) distance matrix per head, scaled by that head's slope
    bias = -dist[:, :, None] * slopes[None, None, :]
    return bias
