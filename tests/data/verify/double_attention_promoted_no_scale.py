import numpy as np


def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2)
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, np.float64(0))
    e = np.exp(s - m)
    t = e.sum(-1, keepdims=True)
    w = np.divide(e, t, out=np.zeros_like(e), where=t > 0)
    return w @ v
