import math
import numpy as np


def _attend_one(qh, kh, vh, causal):
    Tq, d = qh.shape
    Tk = kh.shape[0]
    out = np.zeros((Tq, vh.shape[1]), dtype=qh.dtype)
    for i in range(Tq):
        n_visible = Tk
        if causal:
            n_visible = i + 1
        if n_visible <= 0:
            continue
        s = kh[:n_visible] @ qh[i] / math.sqrt(d)
        s = s - s.max()
        w = np.exp(s)
        w = w / w.sum()
        out[i] = w @ vh[:n_visible]
    return out


def grouped_query_attention(q, k, v, causal=False):
    B, Hq = q.shape[0], q.shape[1]
    Hkv = k.shape[1]
    per_group = Hq // Hkv
    result = np.zeros(q.shape, dtype=q.dtype)
    for b in range(B):
        for j in range(Hq):
            kv = j // Hkv
            result[b, j] = _attend_one(q[b, j], k[b, kv], v[b, kv], causal)
    return result
