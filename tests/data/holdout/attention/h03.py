import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    scores = scores - scores.max(axis=-1, keepdims=True)
    probs = np.exp(scores)
    probs = probs / probs.sum(axis=-1, keepdims=True)
    return (probs @ v).astype(q.dtype)
