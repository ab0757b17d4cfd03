import math
from dataclasses import dataclass

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


@dataclass(frozen=True)
class MLPWeights:
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray


def gelu_exact(z):
    return 0.5 * z * (1.0 + _erf(z / 2.0))


def mlp(x, w1, b1, w2, b2):
    p = MLPWeights(w1, b1, w2, b2)
    h = x @ p.w1 + p.b1
    a = gelu_exact(h)
    return a @ p.w2 + p.b2
