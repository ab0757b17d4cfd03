import numpy as np


def _mean_square(x):
    return np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True))


def _inv_rms(x, eps):
    return 1.0 / np.sqrt(_mean_square(x).astype(np.float64) + eps)


def rms_norm(x, gamma, eps=1e-6):
    return x * _inv_rms(x, eps) * gamma
