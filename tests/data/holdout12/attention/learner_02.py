import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / d ** 0.5
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    w = np.exp(scores - row_max)
    denom = w.sum(axis=-1, keepdims=True)
    w = w / np.where(denom == 0, 1.0, denom)
    return (w @ v).astype(q.dtype)
