import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if causal:
        hidden = np.triu(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(hidden, -np.inf, s)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    e = np.exp(s - mx)
    tot = e.sum(axis=-1, keepdims=True)
    out = (e / np.where(tot == 0, 1.0, tot)) @ v
    return out.astype(q.dtype)
