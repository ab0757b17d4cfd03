import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = q @ k.T
    s = s / d ** 0.5
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    row_max = s.max(axis=-1, keepdims=True)
    row_max[~np.isfinite(row_max)] = 0
    p = np.exp(s - row_max)
    denom = p.sum(axis=-1, keepdims=True)
    denom[denom == 0] = 1
    return (p / denom @ v).astype(q.dtype, copy=False)
