import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    (B, T, d), S = x.shape, memory.shape[1]
    dh = d // n_heads
    heads = lambda t, n: t.reshape(B, n, n_heads, dh).transpose(0, 2, 1, 3)
    q, k, v = heads(x @ w_q, T), heads(memory @ w_q, S), heads(memory @ w_v, S)
    scores = q @ k.transpose(0, 1, 3, 2) / (scale := np.sqrt(d).astype(x.dtype))
    if (real := memory_mask) is not None:
        scores = np.where(real[:, None, None, :], scores, -np.inf)
    top = scores.max(axis=-2, keepdims=True)
    e = np.exp(scores - np.where(np.isfinite(top), top, 0))
    w = e / np.maximum(e.sum(axis=-1, keepdims=True), np.finfo(e.dtype).tiny)
    ctx = (w @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return ctx @ w_o
