import numpy as np

DEBUG = False


def _dbg(label, arr):
    if DEBUG:
        print(f"[attention] {label}: shape={getattr(arr, 'shape', None)} dtype={getattr(arr, 'dtype', None)}")


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    _dbg("q", q)
    _dbg("k", k)
    scores = q @ np.swapaxes(k, -1, -2)
    scores = scores / np.sqrt(d)
    _dbg("scores", scores)
    if mask is not None:
        scores = np.where(mask, scores, 0.0)
        _dbg("masked scores", scores)
    row_max = scores.max(axis=-1, keepdims=True)
    row_max[~np.isfinite(row_max)] = 0.0
    e = np.exp(scores - row_max)
    denom = e.sum(axis=-1, keepdims=True)
    _dbg("denom", denom)
    weights = np.divide(e, denom, out=np.zeros_like(e), where=denom > 0)
    out = weights @ v
    _dbg("out", out)
    return out
