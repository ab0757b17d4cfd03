import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ms = np.mean(np.square(x), axis=-1, keepdims=True)
    return x / (np.sqrt(ms) + eps) * gamma
