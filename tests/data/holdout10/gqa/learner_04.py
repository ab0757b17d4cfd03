import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    G = Hq // Hkv
    qg = q.reshape(B, Hkv, G, Tq, d)  # consecutive query heads share a KV head
    s = qg @ k[:, :, None].swapaxes(-1, -2) / np.sqrt(d)
    if causal:
        s = np.where(np.tri(Tq, Tk, Tk - Tq, dtype=bool), s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx[np.isneginf(mx)] = 0.0
    p = np.exp(s - mx)
    tot = p.sum(axis=-1, keepdims=True)
    p = p / np.where(tot > 0, tot, 1.0)
    return (p @ v[:, :, None]).reshape(B, Hq, Tq, v.shape[-1])
