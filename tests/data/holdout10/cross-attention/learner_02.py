import numpy as np


def _heads(t, n_heads):
    B, L, D = t.shape
    return t.reshape(B, L, n_heads, D // n_heads).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    q = _heads(x @ w_q, n_heads)
    k = _heads(memory @ w_k, n_heads)
    v = _heads(memory @ w_v, n_heads)
    scores = q @ k.transpose(0, 1, 3, 2) / (D // n_heads) ** 0.5
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, :, None], scores, -np.inf)
    peak = np.max(scores, axis=-1, keepdims=True)
    peak = np.where(np.isneginf(peak), 0, peak)
    w = np.exp(scores - peak)
    w_sum = w.sum(axis=-1, keepdims=True)
    w = np.divide(w, w_sum, out=np.zeros_like(w), where=w_sum > 0)
    ctx = w @ v
    ctx = ctx.transpose(0, 2, 1, 3).reshape(B, T, D)
    return ctx @ w_o
