import math
import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def gelu(z):
    return 0.5 * z * (1.0 + _erf(z / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    h = x.astype(np.float64) @ w1.astype(np.float64) + b1.astype(np.float64)
    y = gelu(h) @ w2.astype(np.float64) + b2.astype(np.float64)
    return y.astype(x.dtype)
