import numpy as np


def attention(q, k, v, mask=None):
    d_k = k.shape[-1]
    scores = q @ k.swapaxes(-2, -1) / np.sqrt(d_k)
    if mask is not None:
        scores[~np.broadcast_to(mask, scores.shape)] = -np.inf
    m = scores.max(axis=-1)
    m = np.where(m == -np.inf, 0, m)
    w = np.exp(scores - m)
    tot = w.sum(axis=-2, keepdims=True)
    w = w / np.where(tot == 0, 1, tot)
    return (w @ v).astype(q.dtype)
