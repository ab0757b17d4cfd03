import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    std = np.std(x, axis=-1, keepdims=True)
    x_hat = (x - mean) / (std + eps)
    return (gamma * x_hat + beta).astype(x.dtype)
