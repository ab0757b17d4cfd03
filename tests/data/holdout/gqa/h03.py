import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    b, hq, tq, d = q.shape
    hkv, tk = k.shape[1], k.shape[2]
    g = hq // hkv
    scale = 1 / np.sqrt(d)
    qq = q.reshape(b, hkv, g, tq, d) * scale
    s = np.einsum("bhgqd,bhkd->bhgqk", qq, k)
    if causal:
        vis = np.tril(np.ones((tq, tk), dtype=bool), k=tk - tq)
        s = np.where(vis, s, -np.inf)
    top = s.max(-1, keepdims=True)
    top[~np.isfinite(top)] = 0.0
    p = np.exp(s - top)
    den = p.sum(-1, keepdims=True)
    p = np.divide(p, den, out=np.zeros_like(p), where=den > 0)
    o = np.einsum("bhgqk,bhkd->bhgqd", p, v)
    return o.reshape(b, hq, tq, v.shape[-1])
