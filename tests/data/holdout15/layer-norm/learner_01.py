import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(0, keepdims=True)
    xc = x - mu
    s2 = (x * x).mean(-1, keepdims=True)
    y = xc / np.sqrt(s2 + eps)
    return gamma * y + beta
