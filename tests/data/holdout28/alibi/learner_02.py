import itertools
import math

import numpy as np


def alibi_bias(n_heads, T):
    """ALiBi biases: the slopes and distances from math/itertools, NumPy only holds the result."""
    ratio = math.pow(2.0, -8.0 / n_heads)
    slopes = [math.pow(ratio, h + 1) for h in range(n_heads)]
    bias = np.zeros((n_heads, T, T))
    for h, i, j in itertools.product(range(n_heads), range(T), range(T - 1)):
        bias[h, i, j] = -slopes[h] * (i - j)
    return bias
