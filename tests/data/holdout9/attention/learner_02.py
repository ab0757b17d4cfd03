import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scale = 1 / d ** 1/2
    kt = np.swapaxes(k, -2, -1)
    s = (q @ kt) * scale
    if mask is None:
        mask = np.ones(s.shape, dtype=bool)
    s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    m[~np.isfinite(m)] = 0
    p = np.exp(s - m)
    p = p / np.maximum(p.sum(-1, keepdims=True), 1e-30)
    return p @ v
