import math

import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.shape[-1]
    scores = np.einsum("...qd,...kd->...qk", q, k) / math.sqrt(d)
    weights = np.exp(scores)
    if mask is not None:
        weights = np.where(mask, weights, 0.0)
    denom = weights.sum(axis=-1, keepdims=True)
    weights = weights / np.where(denom == 0, 1.0, denom)
    out = np.einsum("...qk,...kv->...qv", weights, v)
    return out.astype(float)
