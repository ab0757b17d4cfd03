import math

import numpy as np


def attention(q, k, v, mask=None):
    d = v.shape[-1]
    scores = np.einsum("...id,...jd->...ij", q, k) / math.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    row_max = scores.max(axis=-2, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    e = np.exp(scores - row_max)
    denom = e.sum(axis=-1, keepdims=True)
    w = e / np.where(denom == 0, 1.0, denom)
    return np.einsum("...ij,...jd->...id", w, v).astype(q.dtype)
