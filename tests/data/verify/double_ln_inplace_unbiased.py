import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True, ddof=1)
    x -= mean
    return x / np.sqrt(var + eps) * gamma + beta
