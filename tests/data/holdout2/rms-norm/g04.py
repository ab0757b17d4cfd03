import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    l2 = np.linalg.norm(x, axis=-1, keepdims=True)
    ms = (l2 / np.sqrt(d)) ** 2
    return (x / np.sqrt(ms + eps) * gamma).astype(x.dtype)
