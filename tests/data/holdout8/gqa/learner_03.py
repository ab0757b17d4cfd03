import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if causal:
        allowed = np.tril(np.ones((Tk, Tk), dtype=bool))[-Tq:]
        scores = np.where(allowed, scores, -np.inf)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max = np.where(np.isneginf(row_max), 0.0, row_max)
    w = np.exp(scores - row_max)
    total = w.sum(axis=-1, keepdims=True)
    w = w / np.where(total == 0, 1.0, total)
    return (w @ v).astype(q.dtype)
