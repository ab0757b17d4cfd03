import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    xf = x.astype(np.float64)
    norm = np.sqrt((xf * xf).sum(axis=-1, keepdims=True) / (xf.shape[-1] + eps))
    y = xf / norm
    return (y * gamma).astype(np.float32)
