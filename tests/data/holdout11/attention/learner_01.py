import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = np.einsum("...qd,...kd->...qk", q, k) / np.sqrt(d).astype(q.dtype)
    if mask is None:
        mask = np.ones(s.shape, dtype=bool)
    s = np.where(mask, s, -np.inf)
    s_max = s.max(axis=-1, keepdims=True)
    s_max[np.isnan(s_max)] = 0
    p = np.exp(s - s_max) * mask
    total = p.sum(axis=-1, keepdims=True)
    total[total == 0] = 1
    return np.einsum("...qk,...kv->...qv", p / total, v)
