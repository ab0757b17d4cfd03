import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.dot(x, w1) + b1
    h = h * (1.0 / (1.0 + np.exp(-h)))
    y = np.dot(h, w2)
    return y.astype(x.dtype)
