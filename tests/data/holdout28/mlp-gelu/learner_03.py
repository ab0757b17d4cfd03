import math

import numpy as np


def _gelu_scalar(z):
    return 0.5 * z * (1.0 + math.erf(z) / math.sqrt(2.0))


def mlp(x, w1, b1, w2, b2):
    pre = np.matmul(x, w1) + b1
    act = np.frompyfunc(_gelu_scalar, 1, 1)(pre).astype(pre.dtype)
    return np.matmul(pre, w2) + b2
