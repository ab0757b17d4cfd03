import numpy as np


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v with a boolean mask (True = may attend)."""
    # Step 1: read the head size d from the last axis of q.
    d = q.shape[-1]
    # Step 2: raw scores q k^T, shape (..., Tq, Tk).
    scores = np.matmul(q, np.swapaxes(k, -1, -2))
    # Step 3: scale by 1/sqrt(d) (a Python float, so float32 stays float32).
    scores = scores / np.sqrt(d)
    # Step 4: hide the keys a query may not see.
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    # Step 5: subtract the row max (a fully masked row has max -inf: use 0 there).
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    # Step 6: exponentiate and normalise; an empty row keeps a zero sum.
    weights = np.exp(scores)
    total = np.sum(weights, axis=-2, keepdims=True)
    weights = weights / np.where(total == 0.0, 1.0, total)
    # Step 7: weighted sum of the values.
    return np.matmul(weights, v)
