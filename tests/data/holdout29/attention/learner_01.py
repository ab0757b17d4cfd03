import numpy as np


def attention(q, k, v, mask=None):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    lead = np.broadcast_shapes(tuple(lead), k.shape[:-2], v.shape[:-2])
    scores = np.empty((*lead, Tq, Tk), dtype=np.float16)
    np.matmul(q, np.swapaxes(k, -1, -2), out=scores)
    np.multiply(scores, 1.0 / d, out=scores)
    if mask is not None:
        allowed = np.broadcast_to(mask, scores.shape)
        np.copyto(scores, -np.inf, where=~allowed)
    row_max = np.max(scores, axis=-1, keepdims=True)
    np.copyto(row_max, 0.0, where=~np.isfinite(row_max))
    np.subtract(scores, row_max, out=scores)
    np.exp(scores, out=scores)
    row_sum = np.sum(scores, axis=-2, keepdims=True)
    np.maximum(row_sum, np.finfo(scores.dtype).tiny, out=row_sum)
    np.divide(scores, row_sum, out=scores)
    out = np.empty((*lead, Tq, dv), dtype=q.dtype)
    np.matmul(scores, v, out=out)
    return out
