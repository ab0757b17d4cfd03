import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    """GQA (Ainslie et al. 2023): query head j reads KV head j // g, g = Hq / Hkv."""
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    Q = q.reshape(B, g, Hkv, Tq, d).swapaxes(1, 2)                      # heads h*g .. h*g+g-1 share KV head h
    S = np.einsum("bhgqd,bhkd->bhgqk", Q, k) / np.sqrt(d).astype(q.dtype)
    if causal:
        M = np.tril(np.ones((Tq, Tk), dtype=bool), k=0)   # bottom-right: j <= i + Tk - Tq
        S = np.where(M, S, -np.inf)
    m = S.max(axis=-1, keepdims=True)
    m[np.isnan(m)] = 0
    P = np.exp(S - m)
    Z = P.sum(axis=-1, keepdims=True)
    P = P / np.where(Z > 0, Z, 1)
    O = np.einsum("bhgqk,bhkd->bhgqd", P, v)
    return O.reshape(B, Hq, Tq, d).astype(q.dtype)
