import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    # normalise every row (token) over its features
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    norm = (x - mean) / np.sqrt(var + 1e-6)
    out = gamma * norm + beta
    return out.astype(x.dtype)
