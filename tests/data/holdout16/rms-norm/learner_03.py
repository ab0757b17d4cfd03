import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    if x.shape[-1] != gamma.shape[-1]:
        raise ValueError("gamma must match the last dim of x")
    if x.ndim == 1:
        x2 = x[np.newaxis, :]
    else:
        x2 = x
    eps = np.float64(eps)
    mean_sq = np.mean(np.square(x2), axis=0, keepdims=True)
    rms = np.sqrt(mean_sq + eps)
    y = (x2 / rms) * gamma
    if x.ndim == 1:
        return y[0]
    return y
