import math

import numpy as np

_erf = np.vectorize(math.erf)


def gelu(z):
    return 0.5 * z * (1.0 + _erf(z / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    """The GPT-2 MLP with exact GELU: see TASK.md."""
    h = gelu(x @ w1) + b1
    y = h @ w2 + b2
    return y.astype(x.dtype)
