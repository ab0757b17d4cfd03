import math

import numpy as np


def _check_shapes(q, k, v):
    assert q.ndim == 4 and k.ndim == 4 and v.ndim == 4, "expected (B, H, T, d)"
    assert k.shape == v.shape, "k and v must match"
    assert q.shape[0] == k.shape[0] and q.shape[-1] == k.shape[-1]
    assert q.shape[1] % k.shape[1] == 0, "Hq must be a multiple of Hkv"


def grouped_query_attention(q, k, v, causal=False):
    _check_shapes(q, k, v)
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros((B, Hq, Tq, d), dtype=q.dtype)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tq - Tk)
    else:
        allowed = np.ones((Tq, Tk), dtype=bool)
    visible = allowed.any(axis=-1)
    for j in range(Hq):
        kv = j // group
        scores = np.matmul(q[:, j], k[:, kv].transpose(0, 2, 1)) / math.sqrt(d)
        scores = np.where(allowed, scores, -np.inf)
        row_max = np.max(scores, axis=-1, keepdims=True)
        row_max = np.where(np.isfinite(row_max), row_max, 0.0)
        weights = np.exp(scores - row_max)
        weights = weights / np.maximum(weights.sum(axis=-1, keepdims=True), np.finfo(q.dtype).tiny)
        out[:, j] = np.where(visible[:, None], np.matmul(weights, v[:, kv]), 0.0)
    return out
