import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    mean_sq = np.mean(x * x, axis=-1, keepdims=True)
    return gamma * x / (mean_sq + eps)
