import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm (Zhang & Sennrich, 2019).

    RMS(x) = sqrt( (1/d) sum_j x_j^2 + eps ),   y = x / RMS(x) * gamma.
    """
    d = x.shape[-1]
    sum_sq = np.einsum("...j,...j->...", x, x)[..., None]
    rms = np.sqrt(sum_sq / d + 1e-5)
    return x / rms * gamma
