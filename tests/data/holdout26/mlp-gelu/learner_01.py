import math

import numpy as np

_erf = np.frompyfunc(math.erf, 1, 1)


def _gelu(*, z):
    phi = np.multiply(0.5, np.add(1.0, _erf(np.multiply(z, math.sqrt(2.0))).astype(np.float64)))
    return phi


def _affine(*, x, w, b):
    return np.add(np.matmul(x, w), b)


def mlp(x, w1, b1, w2, b2):
    hidden = _gelu(z=_affine(x=x, w=w1, b=b1))
    out = _affine(x=hidden, w=w2, b=b2)
    return np.asarray(out, dtype=x.dtype)
