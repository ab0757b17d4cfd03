import math

import numpy as np


def attention(q, k, v, mask=None):
    scale = 1.0 / math.sqrt(v.shape[-1])
    logits = np.einsum("...qd,...kd->...kq", q, k) * scale
    if mask is not None:
        logits = np.where(mask, logits, -np.inf)
    safe = np.where(np.isfinite(logits).any(-1, keepdims=True), logits.max(-1, keepdims=True), 0)
    w = np.exp(logits - safe)
    z = w.sum(-1, keepdims=True)
    w = np.divide(w, z, out=np.zeros_like(w), where=z > 0)
    return np.einsum("...qk,...kv->...qv", w, v)
