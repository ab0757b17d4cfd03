import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    q *= 1.0 / np.sqrt(q.shape[-1])
    scores = q @ np.swapaxes(k, -1, -2)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    mx = scores.max(axis=-1, keepdims=True)
    mx = np.where(np.isneginf(mx), 0.0, mx)
    e = np.exp(scores - mx)
    z = e.sum(axis=-1, keepdims=True)
    out = (e / np.where(z > 0, z, 1.0)) @ v
    return out.astype(q.dtype)
