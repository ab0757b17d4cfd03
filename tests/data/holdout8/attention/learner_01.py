import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, np.finfo(scores.dtype).min)
    m = scores.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(scores - m)
    s = e.sum(axis=-2, keepdims=True)
    w = e / np.where(s == 0, 1.0, s)
    return (w @ v).astype(q.dtype)
