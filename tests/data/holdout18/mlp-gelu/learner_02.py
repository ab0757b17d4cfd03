import numpy as np
from math import erf, sqrt

verf = np.vectorize(erf)
gelu = lambda z: 0.5 * z * (1 + np.tanh(sqrt(2 / np.pi) * (z + 0.044715 * z ** 3)))


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = gelu(h).astype(x.dtype)
    return (h @ w2 + b2).astype(x.dtype)
