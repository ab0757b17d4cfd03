import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x32 = x.astype(np.float32)
    mean = x32.mean(axis=-1, keepdims=True)
    var = ((x32 - mean) ** 2).mean(axis=-1, keepdims=True)
    y = (x32 - mean) / np.sqrt(var + eps)
    return (gamma * y + beta).astype(x.dtype)
