import numpy as np


def attention(q, k, v, mask=None):
    dk = q.shape[-1]
    raw = (q @ k.T) / dk ** 0.5
    if mask is not None:
        raw = np.where(mask, raw, -np.inf)
    mx = raw.max(-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0
    ex = np.exp(raw - mx)
    tot = ex.sum(-1, keepdims=True)
    p = np.divide(ex, tot, out=np.zeros_like(ex), where=tot != 0)
    return p @ v
