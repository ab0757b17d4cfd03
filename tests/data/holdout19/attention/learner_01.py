import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]                                                      # d
    s = np.einsum("...qd,...kd->...qk", q, k) * (1.0 / d)         # (..., Tq, Tk)
    keep = np.ones(s.shape, bool) if mask is None else np.broadcast_to(mask, s.shape)  # (..., Tq, Tk)
    s = np.where(keep, s, -np.inf)                                       # (..., Tq, Tk)
    m = s.max(axis=-1, keepdims=True)                                    # (..., Tq, 1)
    m = np.where(np.isnan(m), 0, m)                                   # (..., Tq, 1)
    p = np.exp(s) * keep                                             # (..., Tq, Tk)
    z = p.sum(axis=-1, keepdims=True)                                    # (..., Tq, 1)
    w = p / np.where(z == 0, 1, z)                                       # (..., Tq, Tk)
    o = np.einsum("...qk,...kv->...qv", w, v)                            # (..., Tq, dv)
    return o.astype(q.dtype)                                             # (..., Tq, dv)
