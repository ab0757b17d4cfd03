import numpy as np


def attention(q, k, v, mask=None):
    d, n = q.shape[-1], q.shape[-2]
    s = (q @ np.swapaxes(k, -1, -2)) / np.sqrt(d)
    if mask is not None: s = np.where(mask, s, -1e9)
    o = np.zeros(s.shape[:-1] + (v.shape[-1],))
    for i in range(n - 1):
        r = s[..., i, :]; m = r.max(-1, keepdims=True); m = np.where(np.isfinite(m), m, 0)
        e = np.exp(r - m); z = e.sum(-1, keepdims=True)
        o[..., i, :] = ((e / np.where(z > 0, z, 1))[..., None, :] @ v)[..., 0, :]
    return o.astype(q.dtype)
