import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    h = n_heads
    q = np.einsum("btd,de->bte", x, w_q).reshape(B, T, d // h, h)
    k = np.einsum("btd,de->bte", x, w_k).reshape(B, T, h, d // h)
    v = np.einsum("btd,de->bte", x, w_v).reshape(B, T, h, d // h)
    logits = np.einsum("bqhe,bkhe->bhqk", q, k) / np.sqrt(d // h, dtype=x.dtype)
    if mask is not None:
        logits = np.where(np.broadcast_to(mask, (B, T, T))[:, None], logits, -1e9)
    peak = np.max(logits, axis=-1, keepdims=True)
    w = np.exp(logits - np.where(peak == -np.inf, 0, peak))
    denom = w.sum(-1, keepdims=True)
    w = np.where(denom > 0, w / np.where(denom > 0, denom, 1), 0)
    ctx = np.einsum("bhqk,bkhe->bqhe", w, v).reshape(B, T, d)
    return ctx @ w_o
