import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm over the last dimension.

    y = x / sqrt(mean(x^2) + eps) * gamma, returned in x's dtype.
    """
    x = np.asarray(x)
    if x.size == 0:
        return x.copy()
    mean_square = np.mean(np.square(x), axis=0, keepdims=True)
    rms = np.sqrt(mean_square) + eps
    return (x / rms * gamma).astype(x.dtype)
