import numpy as np


def _split(t, n_heads):
    B, L, d = t.shape
    return t.reshape(B, L, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = _split(x @ w_q, n_heads)
    k = _split(memory @ w_k, n_heads)
    v = _split(memory @ w_v, n_heads)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]
        scores = np.where(keep, scores, -np.inf)
    mx = scores.max(axis=-1, keepdims=True)
    mx = np.where(np.isneginf(mx), 0.0, mx)
    e = np.exp(scores - mx)
    z = e.sum(axis=-1, keepdims=True)
    attn = e / np.where(z > 0, z, 1.0)
    ctx = attn @ v
    ctx = ctx.transpose(0, 2, 1, 3).reshape(B, T, d)
    return (ctx @ w_o).astype(x.dtype)
