import numpy as np


def split_heads(t, n_heads):
    B, L, d = t.shape
    return t.reshape(B, L, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    q = split_heads(x @ w_q, n_heads)
    k = split_heads(x @ w_k, n_heads)
    v = split_heads(memory @ w_v, n_heads)
    dh = q.shape[-1]
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    mx = scores.max(-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0
    w = np.exp(scores - mx)
    z = w.sum(-1, keepdims=True)
    w = np.divide(w, z, out=np.zeros_like(w), where=z > 0)
    out = (w @ v).transpose(0, 2, 1, 3).reshape(x.shape)
    return (out @ w_o).astype(x.dtype)
