import numpy as np

EPS = 1e-5


def rms_norm(x, gamma, eps=1e-6):
    return gamma * x / np.sqrt((x * x).mean(-1, keepdims=True) + EPS)
