import numpy as np


def attention(q, k, v, mask=None):
    out_dtype = q.dtype
    q64 = q.astype(np.float64)
    k64 = k.astype(np.float64)
    v64 = v.astype(np.float64)
    d = q.shape[-1]
    scores = np.einsum("...qd,...kd->...qk", q64, k64) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    w = np.exp(scores - row_max)
    denom = w.sum(axis=-1, keepdims=True)
    w = np.divide(w, denom, out=np.zeros_like(w), where=denom > 0)
    out = np.einsum("...qk,...kv->...qv", w, v64)
    return out.astype(out_dtype)
