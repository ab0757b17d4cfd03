import numpy as np


def _softmax(s):
    # stable softmax over the keys
    m = np.max(s, axis=-1)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(s - m)
    denom = e.sum(axis=-1, keepdims=True)
    return np.divide(e, denom, out=np.zeros_like(e), where=denom > 0)


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    w = _softmax(scores)
    return w @ v
