from math import erf, sqrt

import numpy as np


def mlp(x, w1, b1, w2, b2):
    pre = x @ w1 + b1
    flat = [erf(t / sqrt(2)) for t in pre.ravel()]
    erf_vals = np.array(flat, dtype=pre.dtype).reshape(pre.shape)
    act = pre * 0.5 * (1 + erf_vals)
    return act @ w2
