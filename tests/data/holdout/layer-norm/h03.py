import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x -= x.mean(axis=-1, keepdims=True)
    var = (x ** 2).mean(axis=-1, keepdims=True)
    x /= np.sqrt(var + eps)
    return x * gamma + beta
