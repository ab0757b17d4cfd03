import math
import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = np.einsum("...qd,...kd->...qk", q, k) / math.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    w = np.exp(scores - row_max)
    denom = w.sum(axis=-1, keepdims=True)
    w = np.divide(w, denom, out=np.zeros_like(w), where=denom > 0)
    return (w @ v).astype(q.dtype)
