import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _log_phi(z):
    """log of the standard normal CDF, Phi(z) = (1 + erf(z / sqrt 2)) / 2."""
    with np.errstate(divide="ignore"):
        return np.log1p(_erf(z / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    pre = x @ w1  # the hidden units' pre-activations
    act = pre * np.exp(_log_phi(pre))  # z * Phi(z): each unit let through with probability Phi(z)
    out = act @ w2 + b2
    return out.astype(x.dtype)
