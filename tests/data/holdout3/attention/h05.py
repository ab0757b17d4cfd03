import math
import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(d)
    e = np.exp(scores)
    if mask is not None:
        e = np.where(mask, e, 0.0)
    total = e.sum(axis=-1, keepdims=True)
    weights = e / np.where(total == 0, 1.0, total)
    return (weights @ v).astype(q.dtype)
