import numpy as np


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def attention(q, k, v, mask=None):
    scale = 1.0 / np.sqrt(v.shape[-1])
    s = np.einsum("...qd,...kd->...qk", q, k) * scale
    if mask is not None:
        s = np.where(mask, s, -np.inf)
        dead = ~np.any(mask, axis=-2, keepdims=True)
        s = np.where(dead, 0.0, s)
    p = softmax(s)
    if mask is not None:
        p = np.where(dead, 0.0, p)
    out = np.einsum("...qk,...kd->...qd", p, v)
    return out.astype(q.dtype)
