import math
import numpy as np


def _erf(z):
    # no scipy here: math.erf, element by element
    return np.vectorize(math.erf, otypes=[np.float64])(z)


def mlp(x, w1, b1, w2, b2):
    # Hendrycks & Gimpel (2016): GELU(a) = a * Phi(a),  Phi(a) = 0.5 (1 + erf(a / sqrt(2)))
    a = np.matmul(x, w1) + b1                       # pre-activation, (..., h)
    Phi = 0.5 * (1.0 + _erf(a / 2.0))      # standard normal CDF at a
    g = Phi                                     # GELU(a)
    y = np.matmul(g, w2)                       # (..., d)
    return y.astype(x.dtype)
