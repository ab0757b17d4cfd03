import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = np.mean(np.abs(x - mean), axis=-1, keepdims=True) ** 2
    x_hat = (x - mean) / np.sqrt(var + eps)
    return (x_hat * beta + gamma).astype(x.dtype)
