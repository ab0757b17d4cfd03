import itertools
import math

import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q, k, v = x @ w_q, memory @ w_k, memory @ w_v
    out = np.zeros_like(q)
    inv_scale = 1.0 / math.sqrt(dh)
    for b, h in itertools.product(range(B), range(n_heads)):
        cols = slice(h * dh, (h + 1) * dh)
        s = (q[b, :, cols] @ k[b, :, cols].T) * inv_scale
        if memory_mask is not None:
            s[:, memory_mask[b]] = -math.inf
        if math.isinf(s.max()):
            continue
        e = np.exp(s - s.max(axis=1, keepdims=True))
        out[b, :, cols] = (e / e.sum(axis=1, keepdims=True)) @ k[b, :, cols]
    return out @ w_o
