import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, hd).transpose(0, 2, 1, 3)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    e = np.exp(scores - np.where(np.isfinite(top), top, 0))
    norm = e.sum(axis=-1, keepdims=True)
    att = e / np.where(norm > 0, norm, 1)
    ctx = (att @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return ctx @ w_o
