import numpy as np


def _softmax_masked(scores, keep):
    out = np.zeros_like(scores)
    if not keep.any():
        return out
    s = np.where(keep, scores, -np.inf)
    s = s - s.max()
    e = np.exp(s)
    return e / e.sum()


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = x @ w_q
    k = memory @ w_k
    v = memory @ w_v
    concat = np.zeros((B, T, d), dtype=x.dtype)
    scale = 1.0 / d ** 0.5
    for b in range(B):
        keep = np.ones(S, dtype=bool) if memory_mask is None else memory_mask[b]
        for h in range(n_heads):
            lo, hi = h * dh, (h + 1) * dh
            for t in range(T):
                scores = k[b, :, lo:hi] @ q[b, t, lo:hi] * scale
                p = _softmax_masked(scores, keep)
                concat[b, t, lo:hi] = p @ v[b, :, lo:hi]
    return concat @ w_o
