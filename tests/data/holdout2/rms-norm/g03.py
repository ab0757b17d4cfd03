import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    mean_sq = np.mean(np.square(x), axis=-1, keepdims=True)
    normed = x / np.sqrt(mean_sq + 1e-5)
    return (normed * gamma).astype(x.dtype)
