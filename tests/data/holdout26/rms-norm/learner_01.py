import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x64 = np.asarray(x, dtype=np.float64)
    g64 = np.asarray(gamma, dtype=np.float64)
    ms = np.var(x64, axis=-1, keepdims=True)
    y = x64 / np.sqrt(ms + eps) * g64
    return y.astype(x.dtype)
