import math

import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    b, t, d = x.shape
    s = memory.shape[1]
    dk = d // n_heads
    Q = (x @ w_q).reshape(b, t, n_heads, dk).transpose(0, 2, 1, 3)
    K = (memory @ w_k).reshape(b, s, n_heads, dk).transpose(0, 2, 1, 3)
    V = (memory @ w_v).reshape(b, s, n_heads, dk).transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / math.sqrt(dk)
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, :, None], scores, -np.inf)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= np.sum(w, axis=-1, keepdims=True)
    out = (w @ V).transpose(0, 2, 1, 3).reshape(b, t, d)
    return out @ w_o
