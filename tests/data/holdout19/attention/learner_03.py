import numpy as np


def attention(q, k, v, mask=None):
    """Scaled dot-product attention.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask is boolean with True = may attend.
    Returns (..., Tq, dv) in q's dtype; a query row with no visible key returns zeros.
    """
    dtype = q.dtype
    d = q.shape[-1]
    # step 1: raw scores, scaled by 1/sqrt(d) (a Python float keeps float32 as float32)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / float(np.sqrt(d))
    # step 2: hide the keys a query may not attend to
    if mask is not None:
        visible = np.broadcast_to(mask, scores.shape)
        scores = np.where(visible, scores, -np.inf)
    else:
        visible = np.ones(scores.shape, dtype=bool)
    # step 3: a numerically stable softmax over the keys (subtract the row max first)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    exp_scores = np.where(visible, np.exp(scores - row_max), 0.0)
    row_sum = np.sum(exp_scores, axis=-1, keepdims=True)
    attention_weights = exp_scores / np.where(row_sum > 0, row_sum, 1.0)
    # step 4: weighted sum of the values
    output = np.matmul(attention_weights, v)
    return output.astype(dtype, copy=False)
