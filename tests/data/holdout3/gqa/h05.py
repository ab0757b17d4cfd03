import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    q = q.astype(np.float64)
    k = k.astype(np.float64)
    v = v.astype(np.float64)
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    out = np.zeros((B, Hq, Tq, d))
    for h in range(Hq):
        kv = h // (Hq // Hkv)
        s = q[:, h] @ k[:, kv].transpose(0, 2, 1) / np.sqrt(d)
        if causal:
            mask = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
            s = np.where(mask, s, -np.inf)
        mx = np.max(s, axis=-1, keepdims=True)
        mx[np.isinf(mx)] = 0
        e = np.exp(s - mx)
        tot = e.sum(axis=-1, keepdims=True)
        tot[tot == 0] = 1
        out[:, h] = (e / tot) @ v[:, kv]
    return out
