import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ss = np.sum(x ** 2, axis=-1, keepdims=True)
    return (x / np.sqrt(ss + eps) * gamma).astype(x.dtype)
