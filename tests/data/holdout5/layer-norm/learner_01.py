import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1)
    centered = x - mean
    var = np.mean(centered ** 2, axis=-1, keepdims=True)
    return gamma * centered / np.sqrt(var + eps) + beta
