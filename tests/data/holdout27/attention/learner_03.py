import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    # scores[..., i, j] = sum_c q[..., i, c] * k[..., j, c], as (..., Tq, 1, d) * (..., 1, Tk, d)
    scores = np.sum(q[..., :, None, :] * k[..., None, :, :], axis=-1) / np.sqrt(d)
    if mask is None:
        allowed = np.ones(scores.shape, dtype=bool)
    else:
        allowed = np.broadcast_to(~mask, scores.shape)
    scores = np.where(allowed, scores, -np.inf)
    row_max = np.max(scores, axis=-2, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    w = np.exp(scores - row_max) * allowed
    denom = np.sum(w, axis=-1, keepdims=True)
    w = w / np.where(denom > 0.0, denom, 1.0)
    # out[..., i, c] = sum_j w[..., i, j] * v[..., j, c], as (..., Tq, Tk, 1) * (..., 1, Tk, dv)
    out = np.sum(w[..., :, :, None] * v[..., None, :, :], axis=-2)
    return out
