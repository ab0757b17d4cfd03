import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    keys = np.repeat(k, group, axis=1)
    vals = np.repeat(v, group, axis=1)
    scores = np.matmul(q, keys.swapaxes(-1, -2)) / d ** 0.5
    if causal:
        i = np.arange(Tq)[:, None]
        j = np.arange(Tk)[None, :]
        scores = np.where(j <= i + Tk - Tq, scores, -np.inf)
    scores -= scores.max(-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(-1, keepdims=True)
    return np.matmul(w, vals)
