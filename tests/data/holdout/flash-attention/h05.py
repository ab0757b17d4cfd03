import math

import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    sm = 1.0 / math.sqrt(q.shape[-1])
    M = np.full(q.shape[:-1], -np.inf, dtype=q.dtype)
    L = np.zeros(q.shape[:-1], dtype=q.dtype)
    O = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    qi = np.arange(Tq)[:, None]
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        S = q @ np.swapaxes(k[..., j0:j1, :], -1, -2) * sm
        if causal:
            kj = np.arange(j0, j1)[None, :]
            S = np.where(kj <= qi, S, -np.inf)
        Mn = np.maximum(M, S.max(-1))
        base = np.where(np.isfinite(Mn), Mn, 0.0)
        P = np.exp(S - base[..., None])
        a = np.exp(M - base)
        L = a * L + P.sum(-1)
        O = a[..., None] * O + P @ v[..., j0:j1, :]
        M = Mn
    L = L[..., None]
    return np.where(L > 0, O / np.where(L > 0, L, 1.0), 0.0).astype(q.dtype)
