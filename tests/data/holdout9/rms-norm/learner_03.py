import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    sq = x * 2
    ms = sq.sum(axis=-1) / d
    rms = np.sqrt(ms + eps)
    normed = x / rms
    return normed * gamma
