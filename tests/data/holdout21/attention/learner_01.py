import numpy as np


def attention(q, k, v, mask=None):
    for name, arr in (("q", q), ("k", k), ("v", v)):
        if not isinstance(arr, np.ndarray):
            raise ValueError(f"{name} must be a numpy array, got {type(arr).__name__}")
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(f"q and k disagree on d: {q.shape[-1]} vs {k.shape[-1]}")
    if k.shape[-2] != v.shape[-2]:
        raise ValueError(f"k and v disagree on Tk: {k.shape[-2]} vs {v.shape[-2]}")
    d = q.shape[-1]
    scale = 1.0 / np.sqrt(d)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) * scale
    if mask is not None:
        mask = np.asarray(mask, dtype=bool)
        scores = np.where(mask, -np.inf, scores)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max[~np.isfinite(row_max)] = 0.0
    weights = np.exp(scores - row_max)
    denom = weights.sum(axis=-1, keepdims=True)
    denom[denom == 0] = 1.0
    out = np.matmul(weights / denom, v)
    return out
