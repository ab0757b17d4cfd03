import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ms = np.var(x, axis=-1, keepdims=True)
    out = x / np.sqrt(ms + eps)
    return (out * gamma).astype(x.dtype)
