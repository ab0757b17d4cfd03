import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)  # (B, H, T, S)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]
        scores = np.where(keep, scores, -np.inf)
    m = scores.max(axis=-1, keepdims=True)
    m[~np.isfinite(m)] = 0.0
    p = np.exp(scores - m)
    denom = p.sum(axis=-1, keepdims=True)
    p = p / np.maximum(denom, np.finfo(p.dtype).tiny)
    out = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
