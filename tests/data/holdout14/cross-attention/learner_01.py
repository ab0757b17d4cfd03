import math
import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d)
    if memory_mask is not None:
        s = np.where(memory_mask[:, None, None, :], s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m[~np.isfinite(m)] = 0.0
    p = np.exp(s - m)
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.maximum(z, np.finfo(p.dtype).tiny)
    o = (p @ v).reshape(B, T, d)
    return o @ w_o
