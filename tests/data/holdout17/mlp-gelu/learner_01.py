import math

import numpy as np

_erf = np.frompyfunc(math.erf, 1, 1)


def mlp(x, w1, b1, w2, b2):
    z = np.matmul(x, w1) + b1[np.newaxis, ...]
    phi = 0.5 * (1.0 + _erf(z / math.sqrt(2.0)).astype(np.float64))
    return np.matmul(z * phi, w2)
