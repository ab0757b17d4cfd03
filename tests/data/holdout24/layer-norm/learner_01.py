import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(0, keepdims=True)
    sd = np.sqrt(x.var(-1, keepdims=True)) + eps
    return ((x - mu) / sd * gamma + beta).astype(x.dtype)
