import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    per = Hq // Hkv
    out = np.zeros((B, Hq, Tq, v.shape[-1]))
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool))
    else:
        allowed = np.ones((Tq, Tk), dtype=bool)
    for h in range(Hq):
        kh = k[:, h // per]
        vh = v[:, h // per]
        s = q[:, h] @ np.swapaxes(kh, 1, 2) / np.sqrt(d)
        s = np.where(allowed, s, -np.inf)
        mx = s.max(axis=-1, keepdims=True)
        mx = np.where(np.isneginf(mx), 0, mx)
        e = np.exp(s - mx)
        tot = e.sum(axis=-1, keepdims=True)
        out[:, h] = e @ vh / np.where(tot == 0, 1, tot)
    return out
