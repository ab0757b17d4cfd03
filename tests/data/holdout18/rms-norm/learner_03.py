import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    ms = np.sum(x * x, axis=-1, keepdims=True) / x.size           # mean square of each row
    r = np.sqrt(ms) + eps
    y = x / r * gamma.reshape(1, -1)
    return y.reshape(x.shape)
