import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x64 = np.asarray(x, dtype=np.float64)
    d = x64.shape[0]
    mean = x64.sum(axis=-1, keepdims=True) / d
    var = ((x64 - mean) ** 2).sum(axis=-1, keepdims=True) / d
    y = (x64 - mean) / np.sqrt(var + eps)
    return y * gamma + beta
