import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    if mask is not None:
        weights = weights * mask
    return np.matmul(weights, v).astype(q.dtype)
