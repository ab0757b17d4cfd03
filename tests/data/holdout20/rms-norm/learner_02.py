import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    out_dtype = x.dtype
    x64 = x.astype(np.float64)
    ms = np.var(x64, axis=-1, keepdims=True)
    inv_rms = 1.0 / np.sqrt(ms + np.float64(eps))
    y = x64 * inv_rms * gamma.astype(np.float64)
    return y
