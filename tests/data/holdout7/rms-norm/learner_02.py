import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x64 = x.astype(np.float64)  # stats in double precision
    ms = np.mean(np.square(x64), axis=0, keepdims=True)
    y = x64 / np.sqrt(ms + eps) * gamma
    return y
