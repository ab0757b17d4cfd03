import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d).astype(q.dtype)
    if causal:
        visible = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(visible, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0)
    e = np.exp(s - mx)
    z = e.sum(axis=-1, keepdims=True)
    w = e / np.where(z > 0, z, 1)
    return (w @ v).astype(q.dtype)
