import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = np.einsum("btd,de->bte", x, w_q).reshape(B, T, n_heads, dh)
    k = np.einsum("btd,de->bte", x, w_k).reshape(B, T, n_heads, dh)
    v = np.einsum("btd,de->bte", x, w_v).reshape(B, T, n_heads, dh)
    scores = np.einsum("bqhe,bkhe->bhqk", q, k) / math.sqrt(dh)
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        scores = np.where(m, scores, -np.inf)
    top = scores.max(-1, keepdims=True)
    top = np.where(np.isneginf(top), 0.0, top)
    e = np.exp(scores - top)
    z = e.sum(-1, keepdims=True)
    p = np.where(z > 0, e / np.where(z > 0, z, 1.0), 0.0)
    heads = np.einsum("bhqk,bkhe->bqhe", p, v).reshape(B, T, d)
    return heads @ w_o
