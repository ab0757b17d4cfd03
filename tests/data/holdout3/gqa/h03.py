import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    n_rep = Hq // Hkv
    k = np.tile(k, (1, n_rep, 1, 1))
    v = np.tile(v, (1, n_rep, 1, 1))
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if causal:
        future = np.triu(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq + 1)
        scores = np.where(future, -np.inf, scores)
    m = scores.max(axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0.0, m)
    p = np.exp(scores - m)
    denom = p.sum(axis=-1, keepdims=True)
    p = np.divide(p, denom, out=np.zeros_like(p), where=denom > 0)
    return (p @ v).astype(q.dtype)
