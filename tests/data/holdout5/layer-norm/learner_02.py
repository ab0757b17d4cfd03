import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x64 = np.asarray(x, dtype=np.float64)
    mu = x64.mean(axis=-1, keepdims=True)
    var = ((x64 - mu) ** 2).sum(axis=-1, keepdims=True) / x.shape[0]
    y = (x64 - mu) / np.sqrt(var + eps)
    return ((y + beta) * gamma).astype(x.dtype)
