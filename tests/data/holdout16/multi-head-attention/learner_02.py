import math

import numpy as np


def _validate(x, w_q, w_k, w_v, w_o, n_heads, mask):
    assert x.ndim == 3, "x must be (B, T, d)"
    d = x.shape[-1]
    for w in (w_q, w_k, w_v, w_o):
        assert w.shape == (d, d), "weights must be (d, d)"
    assert d % n_heads == 0, "n_heads must divide d"
    if mask is not None:
        assert mask.dtype == np.bool_, "mask must be boolean"
        assert mask.ndim in (2, 3), "mask must be (T, T) or (B, T, T)"


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    _validate(x, w_q, w_k, w_v, w_o, n_heads, mask)
    B, T, d = x.shape
    d_head = d // n_heads
    q = np.matmul(x, w_q).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    k = np.matmul(x, w_k).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    v = np.matmul(x, w_v).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    scores = np.matmul(q, k.transpose(0, 1, 3, 2)) / np.sqrt(d_head)
    if mask is not None:
        if mask.ndim == 2:
            allowed = mask[np.newaxis, np.newaxis, :, :]
        else:
            allowed = mask[:, np.newaxis, :, :]
        scores = np.where(allowed, scores, -np.inf)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isneginf(row_max), 0.0, row_max)
    weights = np.exp(scores - row_max)
    denom = np.sum(weights, axis=-2, keepdims=True)
    weights = np.where(denom > 0, weights / np.maximum(denom, np.finfo(x.dtype).tiny), 0.0)
    heads = np.matmul(weights, v)
    merged = heads.transpose(0, 2, 1, 3).reshape(B, T, d)
    return np.matmul(merged, w_o)
