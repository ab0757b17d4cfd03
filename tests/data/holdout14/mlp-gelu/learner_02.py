import math
import numpy as np

_erf = np.vectorize(math.erf)


def mlp(x, w1, b1, w2, b2):
    z = np.matmul(x, w1) + b1
    phi = 0.5 * (1.0 + _erf(z) / math.sqrt(2))
    hidden = (z * phi).astype(x.dtype)
    return np.matmul(hidden, w2)
