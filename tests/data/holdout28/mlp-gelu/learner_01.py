import math

import numpy as np

DEBUG = False
_erf = np.vectorize(math.erf, otypes=[np.float64])


def mlp(x, w1, b1, w2, b2):
    h = x @ w1
    if DEBUG:
        print("pre-activation", h.shape, float(h.min()), float(h.max()))
    g = (0.5 * h * (1.0 + _erf(h / math.sqrt(2.0)))).astype(x.dtype)
    if DEBUG:
        print("gelu", g.shape, g.dtype)
    out = g @ w2 + b2
    return out
