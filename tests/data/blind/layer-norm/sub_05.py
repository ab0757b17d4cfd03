import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=-1, keepdims=True)
    centered = x64 - mean
    var = (centered ** 2).mean(axis=-1, keepdims=True)
    y = centered / np.sqrt(var + eps)
    y = y * gamma.astype(np.float64) + beta.astype(np.float64)
    return y.astype(x.dtype)
