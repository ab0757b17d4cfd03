import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    rep = Hq // Hkv
    k = np.repeat(k, rep, axis=1)
    v = np.repeat(v, rep, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) / d ** 0.5
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(allowed, s, -np.inf)
    mx = s.max(-1, keepdims=True)
    mx = np.where(np.isneginf(mx), 0, mx)
    e = np.exp(s - mx)
    tot = e.sum(-1, keepdims=True)
    return (e / np.where(tot == 0, 1, tot) @ v).astype(q.dtype)
