import numpy as np


def softmax(s):
    s = s - np.max(s, axis=-1, keepdims=True, initial=-np.inf, where=np.isfinite(s))
    e = np.exp(s)
    total = e.sum(axis=-1, keepdims=True)
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    concat = np.zeros((B, T, d), dtype=x.dtype)
    for h in range(n_heads):
        cols = slice(h, h + dh)
        s = Q[..., cols] @ K[..., cols].swapaxes(-1, -2) / dh ** 0.5
        if mask is not None:
            s = np.where(mask, s, -np.inf)
        concat[..., cols] = softmax(s) @ K[..., cols]
    return concat @ w_o
