import math

import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.dot(x, w1) + b1
    g = 0.5 * h * (1 + math.erf(h / math.sqrt(2)))
    return np.dot(g, w2) + b2
