import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    Hq, Hkv = q.shape[1], k.shape[1]
    rep = Hq // Hkv
    k = np.tile(k, (1, rep, 1, 1))
    v = np.tile(v, (1, rep, 1, 1))
    Tq, Tk = q.shape[2], k.shape[2]
    s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(q.shape[-1])
    if causal:
        ok = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
        s = np.where(ok, s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    p = np.exp(s - m)
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.maximum(z, np.finfo(p.dtype).tiny)
    return p @ v
