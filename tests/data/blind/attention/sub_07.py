import numpy as np


def softmax(x):
    m = np.max(x, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(x - m)
    s = np.sum(e, axis=-1, keepdims=True)
    return np.where(s > 0, e / np.where(s > 0, s, 1), 0)


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ k.T / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    return (softmax(scores) @ v).astype(q.dtype)
