import numpy as np


def split_heads(t, n_heads):
    B, L, d = t.shape
    return t.reshape(B, L, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    q = split_heads(x @ w_q, n_heads)
    k = split_heads(memory @ w_k, n_heads)
    v = split_heads(memory @ w_v, n_heads)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d // n_heads)
    if memory_mask is not None:
        s = np.where(memory_mask[:, None, :, None], s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0.0, m)
    e = np.exp(s - m)
    z = e.sum(axis=-1, keepdims=True)
    p = e / np.where(z == 0, 1.0, z)
    out = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
