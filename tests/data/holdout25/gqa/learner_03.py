import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros((B, Hq, Tq, v.shape[-1]), dtype=q.dtype)
    allowed = np.ones((Tq, Tk), dtype=bool)
    if causal:
        allowed = np.tril(allowed).copy()
    for head in range(Hq):
        kv_head = head // group
        qh = q[:, head].copy()
        kh = k[:, kv_head].copy()
        vh = v[:, kv_head].copy()
        s = qh @ kh.transpose(0, 2, 1)
        s = s / np.sqrt(np.asarray(Tk, dtype=q.dtype))
        s = np.where(allowed, s, -np.inf)
        top = s.max(axis=-1, keepdims=True)
        top[~np.isfinite(top)] = 0
        w = np.exp(s - top)
        z = w.sum(axis=-1, keepdims=True)
        z[z == 0] = 1
        out[:, head] = (w / z) @ vh
    return out
