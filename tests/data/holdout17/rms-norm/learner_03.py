import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ms = np.einsum("...i,...i->...", x, x) / x.shape[0]
    scale = (np.sqrt(ms) + eps) ** -1
    return x * scale[..., np.newaxis] * gamma
