import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    r = np.sqrt((x * x).sum(-1, keepdims=True) / d + 1e-5)
    return (x / r * gamma).astype(x.dtype)
