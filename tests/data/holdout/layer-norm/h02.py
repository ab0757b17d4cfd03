import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    m = x.mean(axis=-1)
    v = ((x - m) ** 2).mean(axis=-1)
    return gamma * (x - m) / np.sqrt(v + eps) + beta
