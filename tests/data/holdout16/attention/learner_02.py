import math

import numpy as np


def _check(q, k, v):
    assert q.ndim >= 2 and k.ndim >= 2 and v.ndim >= 2, "need (..., T, d) inputs"
    assert q.shape[-1] == k.shape[-1], "q and k must share d"
    assert k.shape[-2] == v.shape[-2], "k and v must share Tk"


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v; a fully masked query row returns zeros."""
    _check(q, k, v)
    d = q.shape[-1]
    scale = 1.0 / np.sqrt(d)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
    if mask is not None:
        mask = np.asarray(mask, dtype=bool)
        scores = np.where(mask, -np.inf, scores)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    weights = np.exp(scores - row_max)
    total = np.sum(weights, axis=-1, keepdims=True)
    if mask is not None:
        weights = np.where(total > 0, weights / np.where(total > 0, total, 1.0), 0.0)
    else:
        weights = weights / total
    return np.matmul(weights, v)
