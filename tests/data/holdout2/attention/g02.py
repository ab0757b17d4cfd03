import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    logits = np.einsum("...qd,...kd->...qk", q, k) / np.sqrt(d)
    if mask is None:
        mask = np.ones(logits.shape[-2:], dtype=bool)
    mask = np.broadcast_to(mask, logits.shape)
    logits = np.where(mask, logits, -np.inf)
    top = logits.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    w = np.exp(logits - top)
    total = w.sum(axis=-1, keepdims=True)
    w = w / np.where(total > 0, total, 1.0)
    out = np.einsum("...qk,...kv->...qv", w, v)
    return out.astype(q.dtype, copy=False)
