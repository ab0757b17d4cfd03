import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, :, None], scores, -np.inf)
    mx = np.max(scores, axis=-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0
    p = np.exp(scores - mx)
    denom = p.sum(axis=-1, keepdims=True)
    p = np.divide(p, denom, out=np.zeros_like(p), where=denom > 0)
    out = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
