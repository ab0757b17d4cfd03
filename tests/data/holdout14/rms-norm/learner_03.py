import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x64 = x.astype(np.float64)
    d = x.shape[0]
    norm = np.sqrt(np.einsum("...i,...i->...", x64, x64) / d + eps)
    y = x64 / norm[..., None] * gamma
    return y
