import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    norm = np.sqrt(np.sum(x * x, axis=-1, keepdims=True) + eps)
    return x / norm * gamma
