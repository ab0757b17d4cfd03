import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5  # a Python float keeps float32 input float32 (np.sqrt would promote it)
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(s - m)
    t = e.sum(-1, keepdims=True)
    w = np.divide(e, t, out=np.zeros_like(e), where=t > 0)
    return w @ v
