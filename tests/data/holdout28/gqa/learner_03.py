import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    rep = Hq // Hkv
    # (B, H, T, d) -> (B * Hq, T, d): one block of rows per (batch, query head)
    qf = q.transpose(1, 0, 2, 3).reshape(B * Hq, Tq, d)
    kf = np.repeat(k, rep, axis=1).reshape(B * Hq, Tk, d)
    vf = np.repeat(v, rep, axis=1).reshape(B * Hq, Tk, v.shape[-1])
    s = qf @ kf.transpose(0, 2, 1) * (d ** -0.5)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tq - Tk)
        s = np.where(allowed[None], s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m[np.isneginf(m)] = 0
    p = np.exp(s - m)
    den = p.sum(axis=-1, keepdims=True)
    den[den == 0] = 1
    out = (p / den) @ vf
    return out.reshape(B, Hq, Tq, -1)
