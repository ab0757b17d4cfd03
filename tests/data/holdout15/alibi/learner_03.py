import numpy as np


def _slope(head, n_heads):
    exponent = -8.0 * (head + 1) / n_heads
    return 2.0 ** exponent


def alibi_bias(n_heads, T):
    bias = np.zeros((n_heads, T, T), dtype=np.float64)
    for h in range(n_heads):
        m = _slope(h, n_heads)
        for i in range(T):
            for j in range(T):
                dist = i - j
                if dist < 0:
                    dist = -dist
                bias[h, i, j] = -m * dist
    return bias
