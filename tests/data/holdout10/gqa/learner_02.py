import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    Hq, Tq, d = q.shape[1:]
    Hkv, Tk = k.shape[1:3]
    group = Hq // Hkv
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    scale = float(d) ** -0.5
    q *= scale
    s = np.einsum("bhqd,bhkd->bhqk", q, k)
    if causal:
        hidden = np.triu(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq + 1)
        s = np.where(hidden, -np.inf, s)
    e = np.exp(s - np.nan_to_num(s.max(axis=-1, keepdims=True), neginf=0.0))
    w = e / np.maximum(e.sum(axis=-1, keepdims=True), np.finfo(e.dtype).tiny)
    out = np.einsum("bhqk,bhkd->bqhd", w, v)
    return out.astype(q.dtype)
