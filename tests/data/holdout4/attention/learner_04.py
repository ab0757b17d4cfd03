import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.shape[-1]
    scores = q @ k.T / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max[np.isinf(row_max)] = 0.0
    w = np.exp(scores - row_max)
    denom = np.sum(w, axis=-1, keepdims=True)
    denom[denom == 0] = 1.0
    return (w / denom @ v).astype(q.dtype)
