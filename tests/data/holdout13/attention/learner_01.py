import numpy as np


def _softmax(s):
    m = np.max(s, axis=-1)
    m = np.where(np.isneginf(m), 0.0, m)
    e = np.exp(s - m)
    tot = e.sum(axis=-1, keepdims=True)
    return np.divide(e, tot, out=np.zeros_like(e), where=tot > 0)


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = np.einsum("...qd,...kd->...qk", q, k) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    w = _softmax(scores)
    return np.einsum("...qk,...kv->...qv", w, v)
