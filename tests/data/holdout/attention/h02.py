import numpy as np


def attention(q, k, v, mask=None):
    out_dtype = q.dtype
    Q = np.asarray(q, dtype=np.float64)
    K = np.asarray(k, dtype=np.float64)
    V = np.asarray(v, dtype=np.float64)
    logits = np.einsum("...id,...jd->...ij", Q, K) * (1.0 / np.sqrt(Q.shape[-1]))
    if mask is None:
        allowed = np.ones(logits.shape, dtype=bool)
    else:
        allowed = np.broadcast_to(np.asarray(mask, dtype=bool), logits.shape)
    logits = np.where(allowed, logits, -np.inf)
    top = np.max(logits, axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    w = np.where(allowed, np.exp(logits - top), 0.0)
    total = np.add.reduce(w, axis=-1, keepdims=True)
    w = np.divide(w, total, out=np.zeros_like(w), where=total > 0)
    return np.einsum("...ij,...jd->...id", w, V).astype(out_dtype)
