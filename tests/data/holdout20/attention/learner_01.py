import numpy as np


def _stable_softmax(scores, valid):
    """Softmax over the last axis in float64; a row with no valid key gives zeros."""
    neg = np.finfo(np.float64).min
    s = np.where(valid, scores, neg)
    row_max = np.max(s, axis=-1, keepdims=True)
    e = np.exp(s - row_max)
    e = np.where(valid, e, 0.0)
    denom = np.sum(e, axis=-2, keepdims=True)
    safe = np.where(denom > 0.0, denom, 1.0)
    return e / safe


def attention(q, k, v, mask=None):
    in_dtype = np.asarray(q).dtype
    q64 = np.asarray(q, dtype=np.float64)
    k64 = np.asarray(k, dtype=np.float64)
    v64 = np.asarray(v, dtype=np.float64)
    d = v64.shape[-1]
    scale = 1.0 / np.sqrt(np.float64(d))
    scores = np.matmul(q64, np.swapaxes(k64, -1, -2)) * scale
    if mask is None:
        valid = np.ones(scores.shape, dtype=bool)
    else:
        valid = np.broadcast_to(np.asarray(mask, dtype=bool), scores.shape)
    weights = _stable_softmax(scores, valid)
    out = np.matmul(weights, v64)
    return out.astype(in_dtype, copy=False)
