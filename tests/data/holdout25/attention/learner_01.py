import numpy as np


def attention(q, k, v, mask=None):
    q_ = np.array(q, copy=True)
    k_ = np.array(k, copy=True)
    v_ = np.array(v, copy=True)
    d = q_.shape[-1]
    scale = 1.0 / d
    scores = np.matmul(q_, np.swapaxes(k_, -1, -2)) * scale
    if mask is None:
        keep = np.ones(scores.shape, dtype=bool)
    else:
        keep = np.broadcast_to(np.asarray(mask, dtype=bool), scores.shape).copy()
    scores = np.where(keep, scores, -np.inf)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max = np.where(np.isneginf(row_max), 0.0, row_max)
    weights = np.exp(scores - row_max, out=np.empty_like(scores))
    np.multiply(weights, keep, out=weights)
    denom = weights.sum(axis=-1, keepdims=True)
    safe = np.where(denom == 0.0, 1.0, denom)
    out = np.matmul(weights / safe, v_)
    return out.astype(np.float64, copy=True)
