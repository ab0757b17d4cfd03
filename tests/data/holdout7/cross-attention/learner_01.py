import numpy as np


def split_heads(t, h):
    B, L, D = t.shape
    return t.reshape(B, L, h, D // h).transpose(0, 2, 1, 3)  # (B, h, L, dh)


def merge_heads(t):
    B, h, L, dh = t.shape
    return t.transpose(0, 2, 1, 3).reshape(B, L, h * dh)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    # queries from the decoder, keys / values from the encoder output
    q = split_heads(x @ w_q, n_heads)
    k = split_heads(memory @ w_k, n_heads)
    v = split_heads(memory @ w_v, n_heads)

    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)  # (B, h, T, S)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]
        scores = np.where(keep, scores, -np.inf)

    m = scores.max(axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0.0, m)
    p = np.exp(scores - m)
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.where(z == 0, 1.0, z)

    out = merge_heads(p @ v) @ w_o
    return out.astype(x.dtype)
