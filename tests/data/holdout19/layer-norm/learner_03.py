import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    c = x; c -= x.mean(-1, keepdims=True)
    return (c / np.sqrt((c ** 2).mean(-1, keepdims=True) + eps) * gamma + beta).astype(x.dtype)
