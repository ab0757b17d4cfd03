import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _linear(x, w, b):
    assert x.shape[-1] == w.shape[0], "inner dims differ"
    assert b.shape == (w.shape[1],)
    y = np.matmul(x, w) + b
    return y, y.shape


def _gelu(z):
    cdf = (1.0 + _erf(z / math.sqrt(2.0)))
    return z * cdf, cdf


def mlp(x, w1, b1, w2, b2):
    h, h_shape = _linear(x, w1, b1)
    assert h_shape == x.shape[:-1] + (w1.shape[1],)
    a, _ = _gelu(h)
    y, y_shape = _linear(h, w2, b2)
    assert y_shape == x.shape
    return y.astype(x.dtype)
