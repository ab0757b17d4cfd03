import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    kv_index = np.arange(Hq) // Hkv
    k_full = k[:, kv_index]
    v_full = v[:, kv_index]
    s = q @ k_full.transpose(0, 1, 3, 2) / math.sqrt(d)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(allowed, s, -np.inf)
    mx = s.max(-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    e = np.exp(s - mx)
    tot = e.sum(-1, keepdims=True)
    w = e / np.where(tot == 0, 1.0, tot)
    return w @ v_full
