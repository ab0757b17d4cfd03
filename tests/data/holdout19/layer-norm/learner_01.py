import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x64 = np.asarray(x, dtype=np.float64)
    n = x64.shape[-1]
    mean = np.add.reduce(x64, axis=-1, keepdims=True) / n
    centred = x64 - mean
    var = np.add.reduce(centred * centred, axis=-1, keepdims=True) / (n - 1)
    with np.errstate(divide="raise", invalid="raise"):
        inv_std = 1.0 / (np.sqrt(var) + eps)
    y = centred * inv_std * np.asarray(gamma, np.float64) + np.asarray(beta, np.float64)
    return y.astype(x.dtype, copy=False)
