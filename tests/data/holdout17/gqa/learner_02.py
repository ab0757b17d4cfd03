import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    kv_index = np.arange(Hq) // group
    kk, vv = k[:, kv_index], v[:, kv_index]
    s = np.einsum("bhqd,bhkd->bhqk", q, kk) / math.sqrt(d)
    if causal:
        keep = np.arange(Tk)[np.newaxis, :] <= np.arange(Tq)[:, np.newaxis] + (Tk - Tq)
        s = np.where(keep, s, -np.inf)
    mx = s.max(-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0
    p = np.exp(s - mx)
    z = p.sum(-1, keepdims=True)
    p = np.divide(p, z, out=np.zeros_like(p), where=z > 0)
    return np.einsum("bhqk,bhkd->bhqd", p, vv)
