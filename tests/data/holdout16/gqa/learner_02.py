import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    """q grouped as (B, Hkv, G, Tq, d) so every KV head serves its G query heads without a copy."""
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    G = Hq // Hkv
    qg = q.reshape(B, G, Hkv, Tq, d).swapaxes(1, 2)
    s = np.einsum("bhgqd,bhkd->bhgqk", qg, k) * np.asarray(d ** -0.5, dtype=q.dtype)
    if causal:
        hidden = np.triu(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(hidden, -np.inf, s)
    m = np.maximum.reduce(s, axis=-1, keepdims=True)
    p = np.exp(s - np.where(np.isneginf(m), 0, m))
    p /= np.maximum(p.sum(axis=-1, keepdims=True), np.finfo(q.dtype).tiny)
    o = np.einsum("bhgqk,bhkd->bhgqd", p, v)
    return o.reshape(B, Hq, Tq, v.shape[-1])
