import numpy as np


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).swapaxes(1, 2)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).swapaxes(1, 2)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).swapaxes(1, 2)
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(d)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    attn = softmax(scores)
    heads = attn @ v
    out = heads.swapaxes(1, 2).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
