import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (memory @ w_k).reshape(B, S, n_heads, dh)
    v = (memory @ w_v).reshape(B, S, n_heads, dh)
    scores = np.einsum("bthe,bshe->bhts", q, k) / np.sqrt(dh).astype(x.dtype)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isneginf(top), 0, top)
    p = np.exp(scores - top)
    total = p.sum(axis=-1, keepdims=True)
    p = p / np.where(total == 0, 1, total)
    heads = np.einsum("bhts,bshe->bthe", p, v).reshape(B, T, d)
    return heads @ w_o
