import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    Hq, Hkv = q.shape[1], k.shape[1]
    Tq, Tk = q.shape[2], k.shape[2]
    kx = np.tile(k, (1, Hq // Hkv, 1, 1))
    vx = np.repeat(v, Hq // Hkv, axis=1)
    s = (q @ kx.swapaxes(-1, -2)) * (q.shape[-1] ** -0.5)
    ok = np.tril(np.ones((Tq, Tk), dtype=bool)) if causal else np.ones((Tq, Tk), dtype=bool)
    s = np.where(ok, s, -np.inf)
    mx = s.max(-1, keepdims=True)
    w = np.where(ok, np.exp(s - np.where(np.isfinite(mx), mx, 0.0)), 0.0)
    w = w / np.clip(w.sum(-1, keepdims=True), np.finfo(w.dtype).tiny, None)
    return w @ vx
