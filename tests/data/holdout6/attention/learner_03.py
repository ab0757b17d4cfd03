import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    scale = 1.0 / np.sqrt(q.shape[-1])
    logits = np.einsum("...qd,...kd->...qk", q, k) * scale
    if mask is not None:
        logits = np.where(mask, logits, -np.inf)
    row_max = logits.max(axis=-1)
    row_max[~np.isfinite(row_max)] = 0
    p = np.exp(logits - row_max)
    total = p.sum(axis=-1, keepdims=True)
    total[total == 0] = 1.0
    p = p / total
    return (p @ v).astype(q.dtype)
