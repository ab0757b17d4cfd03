import numpy as np
def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8.0 * (np.arange(n_heads) + 1) / n_heads)
    dist = np.abs(np.arange(T)[:, None] - np.arange(T)[None, :])
    return -slopes[:, None, None] * dist
