from functools import reduce

import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    split = lambda t: t.reshape(t.shape[0], t.shape[1], n_heads, dh).transpose(0, 2, 1, 3)
    q, k, v = map(split, (x @ w_q, memory @ w_k, memory @ w_v))
    keep = np.ones((B, S), bool) if memory_mask is None else np.asarray(memory_mask, bool)
    scores = np.where(keep[:, None, None, :], q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh), -np.inf)
    peak = np.max(scores, axis=-1, keepdims=True)
    peak = np.where(np.isfinite(peak), peak, 0.0)
    e = np.exp(scores - peak)
    z = np.sum(e, axis=-1, keepdims=True)
    w = e / np.where(z > 0, z, 0.0)
    merged = (w @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return reduce(np.matmul, [merged, w_o]).astype(x.dtype)
