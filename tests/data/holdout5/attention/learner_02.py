import math
import numpy as np


def attention(q, k, v, mask=None):
    scale = 1 / math.sqrt(q.shape[-1])
    s = np.einsum("...qd,...kd->...qk", q, k) * scale
    if mask is not None:
        neg = np.full(s.shape, -np.inf)
        s = np.where(mask, s, neg)
    mx = np.max(s, axis=-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0
    e = np.exp(s - mx)
    tot = np.sum(e, axis=-1, keepdims=True)
    tot[tot == 0] = 1
    return np.einsum("...qk,...kv->...qv", e / tot, v)
