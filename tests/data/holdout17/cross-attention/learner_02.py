import math

import numpy as np


def _heads(t, n_heads):
    b, s, d = t.shape
    return np.moveaxis(t.reshape(b, s, n_heads, d // n_heads), 2, 1)


def _softmax_masked(logits, keep):
    masked = np.where(keep, logits, -np.inf)
    top = np.max(masked, axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    e = np.exp(masked - top)
    z = np.sum(e, axis=-1, keepdims=True)
    return e / z


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    q = _heads(np.einsum("btd,de->bte", x, w_q), n_heads)
    k = _heads(np.einsum("bsd,de->bse", memory, w_k), n_heads)
    v = _heads(np.einsum("bsd,de->bse", memory, w_v), n_heads)
    logits = np.einsum("bhtd,bhsd->bhts", q, k) / math.sqrt(d)
    keep = np.ones((B, 1, 1, S), dtype=bool) if memory_mask is None else memory_mask[:, None, None, :]
    ctx = np.einsum("bhts,bhsd->bhtd", _softmax_masked(logits, keep), v)
    merged = ctx.reshape(B, T, d)
    return np.einsum("btd,de->bte", merged, w_o)
