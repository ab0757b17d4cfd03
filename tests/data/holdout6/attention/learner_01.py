import numpy as np


def softmax(s):
    s_max = np.max(s, axis=-1, keepdims=True)
    s_max = np.where(np.isfinite(s_max), s_max, 0.0)
    e = np.exp(s - s_max)
    denom = e.sum(axis=-1, keepdims=True)
    return np.divide(e, denom, out=np.zeros_like(e), where=denom > 0)


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    weights = softmax(scores)
    return (weights @ v).astype(q.dtype)
