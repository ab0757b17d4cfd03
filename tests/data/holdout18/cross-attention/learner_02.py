import numpy as np
from typing import NamedTuple


class CrossShape(NamedTuple):
    batch: int
    tgt: int
    src: int
    d_model: int
    heads: int
    d_head: int


def _split(t: np.ndarray, sh: CrossShape) -> np.ndarray:
    b, n, _ = t.shape
    return t.reshape(b, n, sh.heads, sh.d_head).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    assert x.ndim == 3 and memory.ndim == 3, "x and memory must be (B, T, d) and (B, S, d)"
    assert x.shape[0] == memory.shape[0] and x.shape[2] == memory.shape[2], "batch and d must match"
    assert x.shape[2] % n_heads == 0, "n_heads must divide d"
    sh = CrossShape(x.shape[0], x.shape[1], memory.shape[1], x.shape[2], n_heads, x.shape[2] // n_heads)
    q = _split(np.matmul(x, w_q), sh)
    k = _split(np.matmul(memory, w_v), sh)
    v = _split(np.matmul(memory, w_v), sh)
    scores = np.matmul(q, k.transpose(0, 1, 3, 2)) / x.dtype.type(np.sqrt(sh.d_model))
    if memory_mask is None:
        keep = np.ones((sh.batch, sh.src), dtype=bool)
    else:
        assert memory_mask.shape == (sh.batch, sh.src), "memory_mask must be (B, S)"
        keep = ~memory_mask.astype(bool)
    keep4 = np.broadcast_to(keep[:, None, None, :], scores.shape)
    scores = np.where(keep4, scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0).astype(x.dtype)
    w = np.exp(scores - top)
    total = w.sum(axis=-1, keepdims=True)
    w = w / np.where(total > 0.0, total, 1.0).astype(x.dtype)
    out = np.matmul(w, v).transpose(0, 2, 1, 3).reshape(sh.batch, sh.tgt, sh.d_model)
    return np.matmul(out, w_o)
