import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    src = np.asarray(x)
    wide = src.astype(np.float64)
    d = wide.shape[-1]
    mean_sq = np.add.reduce(wide * wide, axis=-1, keepdims=True) / d
    inv = 1.0 / np.sqrt(mean_sq + eps)
    out = (wide * inv) * np.asarray(gamma, dtype=np.float64)
    return out.astype(src.dtype)
