import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    b, t, d = x.shape
    s = memory.shape[1]
    hd = d // n_heads
    q = np.einsum("btd,de->bte", x, w_q).reshape(b, t, n_heads, hd)
    k = np.einsum("bsd,de->bse", memory, w_k).reshape(b, s, n_heads, hd)
    v = np.einsum("bsd,de->bse", memory, w_v).reshape(b, s, n_heads, hd)
    logits = np.einsum("bthe,bshe->bhts", q, k) * hd ** -0.5
    if memory_mask is None:
        memory_mask = np.zeros((b, s), dtype=bool)
    keep = memory_mask[:, None, None, :]
    logits = np.where(keep, logits, -np.inf)
    peak = np.where(keep.any(-1, keepdims=True), logits.max(-1, keepdims=True), 0.0)
    w = np.where(keep, np.exp(logits - peak), 0.0)
    total = w.sum(-1, keepdims=True)
    w = w / np.where(total == 0, 1.0, total)
    out = np.einsum("bhts,bshe->bthe", w, v).reshape(b, t, d)
    return out @ w_o
