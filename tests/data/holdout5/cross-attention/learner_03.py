import numpy as np


def heads(t, h):
    b, n, d = t.shape
    return t.reshape(b, n, d // h, h).transpose(0, 3, 1, 2)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    b, t, d = x.shape
    d_head = d // n_heads
    Q = heads(x @ w_q, n_heads)
    K = heads(memory @ w_k, n_heads)
    V = heads(memory @ w_v, n_heads)
    logits = np.einsum("bhtd,bhsd->bhts", Q, K) / np.sqrt(d_head)
    if memory_mask is not None:
        logits = np.where(memory_mask[:, None, None, :], logits, -np.inf)
    peak = np.max(logits, axis=-1, keepdims=True)
    peak[np.isneginf(peak)] = 0.0
    w = np.exp(logits - peak)
    norm = w.sum(-1, keepdims=True)
    w = np.divide(w, norm, out=np.zeros_like(w), where=norm > 0)
    ctx = np.einsum("bhts,bhsd->bhtd", w, V)
    ctx = ctx.transpose(0, 2, 1, 3).reshape(b, t, d)
    return (ctx @ w_o).astype(x.dtype)
