import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    split = lambda t: t.reshape(B, n_heads, T, dh)
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(dh)
    allowed = np.ones((T, T), dtype=bool) if mask is None else np.asarray(mask)
    allowed = allowed[np.newaxis, np.newaxis] if allowed.ndim == 2 else allowed[:, np.newaxis]
    s = np.where(allowed, s, -np.inf)
    mx = s.max(-1, keepdims=True)
    p = np.exp(s - np.where(np.isneginf(mx), 0, mx))
    z = p.sum(-1, keepdims=True)
    p = p / z
    o = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return o @ w_o
