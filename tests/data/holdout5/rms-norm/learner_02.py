import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    h = x.astype(np.float64)
    ms = np.mean(h * h, axis=-1, keepdims=True)
    y = h / np.sqrt(ms + eps)
    return (y * gamma).astype(np.float32)
