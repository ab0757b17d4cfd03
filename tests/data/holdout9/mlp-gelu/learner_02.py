import math

import numpy as np

_erf = np.vectorize(math.erf)


def gelu(z):
    return 0.5 * z * (1 + _erf(z * math.sqrt(2))).astype(z.dtype)


def mlp(x, w1, b1, w2, b2):
    hidden = gelu(x @ w1 + b1)
    return gelu(hidden @ w2 + b2)
