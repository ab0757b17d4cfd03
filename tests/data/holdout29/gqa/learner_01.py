import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    # each KV head shared by its g query heads through a stride-0 axis: no copy
    k5 = np.broadcast_to(k[:, :, None], (B, Hkv, g, Tk, d))
    v5 = np.broadcast_to(v[:, :, None], (B, Hkv, g, Tk, v.shape[-1]))
    q5 = q.reshape(B, Hkv, g, Tq, d)
    s = q5 @ np.swapaxes(k5, -1, -2) / np.sqrt(d).astype(q.dtype)
    if causal:
        visible = np.tri(Tq, Tk, k=Tk - Tq, dtype=bool)
        s = np.where(visible, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0)
    p = np.exp(s - mx)
    tot = p.sum(axis=-1, keepdims=True)
    p = p / np.where(tot > 0, tot, 1)
    return (p @ v5).reshape(B, Hq, Tq, v.shape[-1])
