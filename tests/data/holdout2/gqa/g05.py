import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    rep = Hq // Hkv
    k = np.tile(k, (1, rep, 1, 1))
    v = np.tile(v, (1, rep, 1, 1))
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        scores = np.where(allowed, scores, -np.inf)
    mx = np.max(scores, axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0)
    e = np.exp(scores - mx)
    den = e.sum(-1, keepdims=True)
    w = e / np.maximum(den, 1e-300)
    return (w @ v).astype(q.dtype)
