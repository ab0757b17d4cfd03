import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    n_rep = Hq // Hkv
    out = np.zeros(q.shape, dtype=np.float32)
    i = np.arange(Tq)[:, None]
    j = np.arange(Tk)[None, :]
    visible = j <= i + (Tk - Tq)
    for h in range(Hq):
        kv = h // Hkv
        s = q[:, h] @ k[:, kv].swapaxes(-1, -2) / np.sqrt(d).astype(q.dtype)
        if causal:
            s = np.where(visible, s, -np.inf)
        mx = s.max(axis=-1, keepdims=True)
        mx = np.where(np.isfinite(mx), mx, 0)
        p = np.exp(s - mx)
        tot = p.sum(axis=-1, keepdims=True)
        out[:, h] = np.divide(p, tot, out=np.zeros_like(p), where=tot > 0) @ v[:, kv]
    return out
