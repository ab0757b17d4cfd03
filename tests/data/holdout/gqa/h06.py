import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, dv = v.shape
    out = np.zeros((B, Hq, Tq, dv), dtype=q.dtype)
    allowed = np.ones((Tq, Tk), dtype=bool)
    if causal:
        allowed = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
    for j in range(Hq):
        kv = j // Hkv
        s = q[:, j] @ k[:, kv].transpose(0, 2, 1) / d ** 0.5
        s = np.where(allowed, s, -np.inf)
        mx = s.max(-1, keepdims=True)
        mx = np.where(np.isfinite(mx), mx, 0)
        e = np.exp(s - mx)
        tot = e.sum(-1, keepdims=True)
        out[:, j] = np.where(tot > 0, e / np.where(tot > 0, tot, 1), 0) @ v[:, kv]
    return out
