import numpy as np
from typing import NamedTuple


class AttnShape(NamedTuple):
    batch: tuple
    tq: int
    tk: int
    d: int
    dv: int


def _shape(q, k, v) -> AttnShape:
    assert q.ndim >= 2 and k.ndim == q.ndim and v.ndim == q.ndim, "q, k, v must have the same rank"
    assert q.shape[-1] == k.shape[-1], "q and k must share d"
    assert k.shape[-2] == v.shape[-2], "k and v must share Tk"
    return AttnShape(q.shape[:-2], q.shape[-2], k.shape[-2], q.shape[-1], v.shape[-1])


def attention(q, k, v, mask=None):
    sh = _shape(q, k, v)
    scale = q.dtype.type(1.0 / sh.d)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
    if mask is None:
        allowed = np.ones(scores.shape, dtype=bool)
    else:
        allowed = np.broadcast_to(np.asarray(mask, dtype=bool), scores.shape)
    scores = np.where(allowed, scores, -np.inf)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isneginf(row_max), 0.0, row_max).astype(q.dtype)
    weights = np.exp(scores - row_max)
    denom = weights.sum(axis=-1, keepdims=True)
    safe = denom.astype(q.dtype)
    out = np.matmul(weights / safe, v)
    assert out.shape == sh.batch + (sh.tq, sh.dv)
    return out
