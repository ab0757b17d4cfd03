import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """Zhang & Sennrich (2019), eq. 4: a_bar_i = a_i / RMS(a) * g_i, RMS(a) = sqrt(mean(a^2) + eps)."""
    ms = np.einsum("...d,...d->...", x, x)[..., None] / x.shape[-1]   # mean(a^2)
    RMS = np.sqrt(ms) + eps
    return (x / RMS * gamma).astype(x.dtype)
