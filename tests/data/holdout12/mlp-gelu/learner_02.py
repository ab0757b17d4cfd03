import numpy as np
from scipy.special import erf


def mlp(x, w1, b1, w2, b2):
    z = np.matmul(x, w1) + b1
    g = z * 0.5 * (1.0 + erf(z / np.sqrt(2.0)))
    y = np.matmul(g, w2) + b2
    y = y + b2
    return y
