import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    split = lambda w: (x @ w).reshape(B, T, n_heads, -1).transpose(0, 2, 1, 3)
    q, k, v = split(w_q), split(w_k), split(w_v)
    s = q @ k.transpose(0, 1, 3, 2) * np.sqrt(q.shape[-1], dtype=x.dtype)
    m = np.broadcast_to(True if mask is None else np.asarray(mask).reshape(-1, 1, T, T), s.shape)
    e = np.exp(np.where(m, s - np.where(m, s, -np.inf).max(-1, keepdims=True).clip(np.finfo(s.dtype).min), -np.inf))
    return ((e / np.maximum(e.sum(-1, keepdims=True), np.finfo(s.dtype).tiny)) @ v).reshape(B, T, d) @ w_o
