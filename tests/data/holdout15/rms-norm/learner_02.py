import numpy as np


def rms_norm(x, gamma, eps=1e-5):
    d = x.shape[-1]
    ms = np.einsum("...i,...i->...", x, x)[..., None] / (d - 1)
    return x / np.sqrt(ms + eps) * gamma
