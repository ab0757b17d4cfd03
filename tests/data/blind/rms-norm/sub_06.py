import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x64 = np.asarray(x, dtype=np.float64)
    ms = np.mean(np.square(x64), axis=-1, keepdims=True)
    y = x64 / np.sqrt(ms + eps) * gamma
    return y.astype(x.dtype)
