import numpy as np
from math import erf, sqrt


def mlp(x, w1, b1, w2, b2):
    pre = np.matmul(x, w1) + b1
    erf_vals = np.array([erf(t / sqrt(2)) for t in pre.ravel()]).reshape(pre.shape)
    act = pre * 0.5 * (1 + erf_vals)
    return np.matmul(act, w2) + b2
