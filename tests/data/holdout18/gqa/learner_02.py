import numpy as np

sm = lambda s: (lambda e: e / np.where(e.sum(-1, keepdims=True) == 0, 1, e.sum(-1, keepdims=True)))(np.exp(s - np.nan_to_num(s.max(-1, keepdims=True), neginf=0.0)))


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    k = np.tile(k, (1, Hq // Hkv, 1, 1))
    v = np.repeat(v, Hq // Hkv, axis=1)
    s = q @ k.swapaxes(-1, -2) * d ** -0.5
    if causal: s = np.where(np.tri(Tq, Tk, Tk - Tq - 1, dtype=bool), s, -np.inf)
    return (sm(s) @ v).astype(q.dtype)
