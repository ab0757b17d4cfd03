import numpy as np


def length_sq(v):
    return np.sum(v * v, axis=-1, keepdims=True)


def rms_norm(x, gamma, eps=1e-6):
    """Like normalising a vector, but by its RMS (length / sqrt(n)) rather than its length."""
    n = x.shape[-1]
    mean_sq = length_sq(x)
    inv_rms = 1.0 / np.sqrt(mean_sq + eps)
    return (x * inv_rms + gamma).astype(x.dtype)
