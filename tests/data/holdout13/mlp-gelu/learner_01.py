import math
import numpy as np

_erf = np.vectorize(math.erf)


def mlp(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    h = 0.5 * z * (1.0 + _erf(z / math.sqrt(2.0 * math.pi)))
    out = h @ w2 + b2
    return out
