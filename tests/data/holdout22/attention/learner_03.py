import math
import numpy as np


def attention(q, k, v, mask=None):
    """Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V  (Vaswani et al. 2017, eq. 1)."""
    d_k = q.shape[-1]
    # scores = Q K^T / sqrt(d_k)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / math.sqrt(v.shape[-1])
    if mask is not None:
        scores = np.where(mask, -np.inf, scores)
    # softmax over the keys, max subtracted for stability
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    weights = np.exp(scores - row_max)
    denom = np.sum(weights, axis=-2, keepdims=True)
    weights = weights / np.where(denom == 0, 1.0, denom)
    # Attention(Q, K, V) = weights V
    return np.matmul(weights, v).astype(q.dtype)
