import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Decoder rows JOIN encoder rows ON the same batch; a window softmax PARTITION BY (batch, head, query)."""
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    # -- SELECT the projected columns, regrouped as (batch, head, position, dh)
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    # -- the join's score for each (b, h, query t, key s)
    score = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh).astype(x.dtype)
    if memory_mask is None:
        keep = np.ones((B, 1, 1, S), dtype=bool)
    else:
        keep = ~memory_mask.reshape(B, 1, 1, S)
    # -- WHERE keep; MAX(score) OVER (PARTITION BY b, h, t)
    score = np.where(keep, score, -np.inf)
    part_max = np.max(score, axis=-1, keepdims=True)
    part_max = np.where(np.isfinite(part_max), part_max, 0)
    w = np.exp(score - part_max)
    part_sum = np.sum(w, axis=-1, keepdims=True)
    attn = np.divide(w, part_sum, out=np.zeros_like(w), where=part_sum > 0)
    # -- GROUP BY (b, t): the heads concatenated back in order, then projected
    ctx = (attn @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return ctx
