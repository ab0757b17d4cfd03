import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ k.T / d ** 0.5
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    e = np.exp(scores)
    s = e.sum(axis=-1, keepdims=True)
    s[s == 0] = 1.0
    return (e / s) @ v
