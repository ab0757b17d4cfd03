import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    mean_sq = np.mean(x, axis=-1, keepdims=True) ** 2
    return x / np.sqrt(mean_sq + eps) * gamma
