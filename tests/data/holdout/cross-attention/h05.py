import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    kind = x.dtype
    x64, m64 = x.astype(np.float64), memory.astype(np.float64)
    B, T, d = x64.shape
    S = m64.shape[1]
    e = d // n_heads
    q = np.einsum("btd,dk->btk", x64, w_q).reshape(B, T, n_heads, e)
    k = np.einsum("bsd,dk->bsk", m64, w_k).reshape(B, S, n_heads, e)
    v = np.einsum("bsd,dk->bsk", m64, w_v).reshape(B, S, n_heads, e)
    logits = np.einsum("bthe,bshe->bhts", q, k) / np.sqrt(e)
    if memory_mask is None:
        keep = np.ones((B, S), dtype=bool)
    else:
        keep = np.asarray(memory_mask, dtype=bool)
    keep = keep[:, None, None, :]
    logits = np.where(keep, logits, -np.inf)
    shift = np.max(logits, axis=-1, keepdims=True)
    shift[np.isinf(shift)] = 0.0
    p = np.exp(logits - shift)
    norm = p.sum(axis=-1, keepdims=True)
    p = np.where(norm > 0, p / np.where(norm > 0, norm, 1.0), 0.0)
    ctx = np.einsum("bhts,bshe->bthe", p, v).reshape(B, T, d)
    return (ctx @ w_o.astype(np.float64)).astype(kind)
