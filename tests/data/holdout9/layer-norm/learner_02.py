import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.sum(-1, keepdims=True) / x.shape[0]
    centred = x - mean
    var = (centred ** 2).mean(-1)
    x_hat = centred / np.sqrt(var + eps)
    return gamma * x_hat + beta
