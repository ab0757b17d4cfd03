import math
import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    s = np.einsum("bhgqd,bhkd->bhgqk", qg, k) / math.sqrt(d)
    if causal:
        visible = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
        s = np.where(visible, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0)
    p = np.exp(s - mx)
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.where(z > 0, z, 1)
    out = np.einsum("bhgqk,bhkd->bhgqd", p, v)
    return out.reshape(B, Hq, Tq, d).astype(q.dtype)
