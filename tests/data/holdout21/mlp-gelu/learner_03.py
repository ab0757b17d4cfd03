import math

import numpy as np
from scipy.special import erf


def mlp(x, w1, b1, w2, b2):
    """FFN(x) = GELU(x W1 + b1) W2 + b2, GELU(z) = z Phi(z) = 0.5 z (1 + erf(z / sqrt 2)) (Hendrycks & Gimpel, eq. 1)."""
    Z = np.einsum("...d,dh->...h", x, w1) + b1
    H = 0.5 * Z * (1.0 + erf(Z / 2.0))
    Y = np.einsum("...h,hd->...d", H, w2)
    return Y
