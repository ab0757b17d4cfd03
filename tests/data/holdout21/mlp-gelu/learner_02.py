import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Linear:
    weight: np.ndarray
    bias: np.ndarray

    def __call__(self, x):
        return x @ self.weight + self.bias


def gelu(z):
    erf = np.vectorize(math.erf)
    return 0.5 * z * (1.0 + erf(z / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    fc = Linear(w1, b1)
    proj = Linear(w2, b2)
    return gelu(proj(fc(x)))
