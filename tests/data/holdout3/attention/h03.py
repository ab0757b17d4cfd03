import numpy as np


def attention(q, k, v, mask=None):
    scale = 1.0 / np.sqrt(v.shape[-1])
    s = np.matmul(q, np.swapaxes(k, -2, -1)) * scale
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    m[~np.isfinite(m)] = 0
    p = np.exp(s - m)
    z = p.sum(axis=-1, keepdims=True)
    z[z == 0] = 1
    return ((p / z) @ v).astype(q.dtype)
