import numpy as np


def _attend(qh, kh, vh, allowed):
    s = qh @ kh.T / np.sqrt(qh.shape[-1])
    if allowed is not None:
        s = np.where(allowed, s, -np.inf)
    if np.all(np.isneginf(s), axis=-1).any():
        dead = np.all(np.isneginf(s), axis=-1)
        s[dead] = 0.0
    else:
        dead = None
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(axis=-1, keepdims=True)
    o = p @ vh
    if dead is not None:
        o[dead] = 0.0
    return o


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    allowed = None
    if causal:
        allowed = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
    out = np.empty((B, Hq, Tq, v.shape[-1]), dtype=q.dtype)
    for b in range(B):
        for j in range(Hq):
            kv = j // Hkv
            out[b, j] = _attend(q[b, j], k[b, kv], v[b, kv], allowed)
    return out
