import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x64 = np.asarray(x, dtype=np.float64)
    n = x64.shape[0]
    ms = np.add.reduce(np.square(x64 - x64.mean(axis=-1, keepdims=True)), axis=-1, keepdims=True) / n
    with np.errstate(divide="raise"):
        scale = np.reciprocal(np.sqrt(ms + eps))
    y = x64 * scale * np.asarray(gamma, dtype=np.float64)
    return y.astype(x.dtype, copy=False)
