import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma = np.std(x, axis=-1, keepdims=True)
    x_hat = (x - mu) / (sigma + eps)
    return gamma * x_hat + beta
