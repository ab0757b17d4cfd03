import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S, H = memory.shape[1], n_heads
    heads = lambda t: t.reshape(t.shape[0], t.shape[1], H, d // H)
    q, k, v = heads(x @ w_q), heads(memory @ w_k), heads(memory @ w_v)
    logits = np.einsum("bthe,bshe->bhts", q, k) * (d // H) ** 0.5
    keep = np.ones((B, S), bool) if memory_mask is None else ~memory_mask
    logits = np.where(keep[:, None, None, :], logits, -np.inf)
    peak = logits.max(-1, keepdims=True)
    w = np.exp(logits - np.where(np.isfinite(peak), peak, 0.0))
    w /= np.maximum(w.sum(-1, keepdims=True), np.finfo(w.dtype).tiny)
    return np.einsum("bhts,bshe->bthe", w, v).reshape(B, T, d) @ w_o
