import math
import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    g = 0.5 * h * (1 + np.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h ** 3)))
    return (g @ w2 + b2).astype(x.dtype)
