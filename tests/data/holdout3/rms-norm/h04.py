import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt(np.mean(x ** 2) + eps)
    return (x / rms * gamma).astype(x.dtype)
