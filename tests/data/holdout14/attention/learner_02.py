import numpy as np


def attention(q, k, v, mask=None):
    scale = 1.0 / np.sqrt(q.shape[-1])
    s = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
    if mask is not None:
        s = np.where(mask, s, -1e9)
    s_max = np.max(s, axis=-1, keepdims=True)
    dead = np.isneginf(s_max)
    e = np.exp(s - np.where(dead, 0, s_max))
    w = e / np.where(dead, 1, e.sum(axis=-2, keepdims=True))
    out = np.matmul(w, v)
    return out.astype(q.dtype, copy=False)
