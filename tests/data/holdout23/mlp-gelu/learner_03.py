import math

import numpy as np


def _erf(z):
    # Step 0: NumPy has no erf; apply math.erf element by element, keeping z's dtype.
    return np.vectorize(math.erf, otypes=[z.dtype])(z)


def mlp(x, w1, b1, w2, b2):
    # Step 1: first linear layer, d -> h.
    z = x @ w1 + b1
    # Step 2: exact GELU, 0.5 z (1 + erf(z / sqrt 2)).
    root2 = np.sqrt(2)
    g = z * (1.0 + _erf(z / root2))
    # Step 3: second linear layer, h -> d.
    return g @ w2 + b2
