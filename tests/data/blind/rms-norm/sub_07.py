import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x = x - x.mean(axis=-1, keepdims=True)
    rms = np.sqrt((x ** 2).mean(axis=-1, keepdims=True) + eps)
    return x / rms * gamma
