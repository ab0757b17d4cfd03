import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def mlp(x, w1, b1, w2, b2):
    z = np.tensordot(x, w1, axes=([-1], [0])) + b1
    z64 = z.astype(np.float64)
    cdf = 0.5 * (1.0 + _erf(z64 * (1.0 / math.sqrt(2.0))))
    g = z64 * cdf
    return np.tensordot(g, w2, axes=([-1], [0])) + b2
