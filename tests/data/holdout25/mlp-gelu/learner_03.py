import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _gelu(z):
    """exact GELU, 0.5 z (1 + erf(z / sqrt 2))."""
    return 0.5 * z * (1.0 + _erf(z / 2.0))


assert abs(_gelu(np.array([0.0]))[0]) < 1e-12
assert abs(_gelu(np.array([10.0]))[0] - 10.0) < 1e-9


def _affine(x, w, b):
    assert x.shape[-1] == w.shape[0] and w.shape[1] == b.shape[0]
    return x @ w + b


def mlp(x, w1, b1, w2, b2):
    h = x @ w1
    a = _gelu(h.astype(np.float16))
    y = _affine(a.astype(x.dtype), w2, b2)
    assert y.shape == x.shape
    return y
