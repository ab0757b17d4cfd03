from functools import reduce

import numpy as np


def pipe(value, *fns):
    return reduce(lambda acc, fn: fn(acc), fns, value)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    split = lambda L: (lambda t: t.reshape(B, L, n_heads, dh).transpose(0, 2, 1, 3))
    merge = lambda t: t.transpose(0, 2, 1, 3).reshape(B, T, d)
    keep = np.ones((B, S), dtype=bool) if memory_mask is None else memory_mask
    keep4 = keep[:, None, None, :]
    row_max = lambda s: np.max(s, axis=-1, keepdims=True)
    safe = lambda m: np.where(np.isfinite(m), m, 0.0)
    q = pipe(x, lambda t: t @ w_q, split(T))
    k = pipe(memory, lambda t: t @ w_k, split(S))
    v = pipe(memory, lambda t: t @ w_k, split(S))
    scores = pipe(q @ k.transpose(0, 1, 3, 2), lambda s: s / d ** 0.5, lambda s: np.where(keep4, s, -np.inf))
    weights = pipe(scores, lambda s: np.exp(s - safe(row_max(s))), lambda e: e / np.maximum(e.sum(-1, keepdims=True), 1e-30))
    return pipe(weights @ v, merge, lambda t: t @ w_o)
