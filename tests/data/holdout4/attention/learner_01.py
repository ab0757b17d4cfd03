import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    m = scores.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)  # fully masked rows: avoid -inf - -inf
    e = np.exp(scores - m)
    s = e.sum(axis=-1, keepdims=True)
    p = e / np.where(s == 0, 1.0, s)
    return (p @ v).astype(q.dtype)
