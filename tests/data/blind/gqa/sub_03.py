import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros((B, Hq, Tq, v.shape[-1]), dtype=q.dtype)
    mask = np.tril(np.ones((Tq, Tk), dtype=bool))
    for j in range(Hq):
        kv = j // group
        s = q[:, j] @ k[:, kv].swapaxes(-1, -2) / np.sqrt(d)
        if causal:
            s = np.where(mask, s, -np.inf)
        m = s.max(axis=-1, keepdims=True)
        m = np.where(np.isfinite(m), m, 0.0)
        e = np.exp(s - m)
        den = e.sum(axis=-1, keepdims=True)
        p = e / np.where(den == 0, 1.0, den)
        out[:, j] = p @ v[:, kv]
    return out
