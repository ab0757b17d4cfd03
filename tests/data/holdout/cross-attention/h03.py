import numpy as np


def softmax(a, axis):
    a = a - a.max(axis=axis, keepdims=True)
    e = np.exp(a)
    return e / e.sum(axis=axis, keepdims=True)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    h = n_heads
    dh = d // h
    q = np.transpose((x @ w_q).reshape(B, T, h, dh), (0, 2, 1, 3))
    k = np.transpose((memory @ w_k).reshape(B, S, h, dh), (0, 2, 1, 3))
    v = np.transpose((memory @ w_v).reshape(B, S, h, dh), (0, 2, 1, 3))
    scores = np.einsum("bhtd,bhsd->bhts", q, k) / dh ** 0.5
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -1e30)
    probs = softmax(scores, axis=-2)
    ctx = np.einsum("bhts,bhsd->bhtd", probs, v)
    return np.transpose(ctx, (0, 2, 1, 3)).reshape(B, T, d) @ w_o
