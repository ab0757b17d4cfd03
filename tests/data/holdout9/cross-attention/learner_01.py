import numpy as np


def softmax_keys(s):
    top = np.max(s, axis=-1, keepdims=True)
    top[np.isneginf(top)] = 0.0
    e = np.exp(s - top)
    tot = e.sum(axis=-1, keepdims=True)
    tot[tot == 0] = 1.0
    return e / tot


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    Q = np.einsum("btd,de->bte", x, w_q).reshape(B, T, n_heads, hd)
    K = np.einsum("bsd,de->bse", memory, w_k).reshape(B, S, n_heads, hd)
    V = np.einsum("bsd,de->bse", memory, w_v).reshape(B, S, n_heads, hd)
    scores = np.einsum("bthe,bshe->bhts", Q, K) / np.sqrt(hd).astype(x.dtype)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    A = softmax_keys(scores)
    heads = np.einsum("bhts,bshe->bteh", A, V)
    out = heads.reshape(B, T, d) @ w_o + x
    return out
