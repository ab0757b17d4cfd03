import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    Hq, Hkv = q.shape[1], k.shape[1]
    Tq, Tk, d = q.shape[2], k.shape[2], q.shape[3]
    k = np.repeat(k, Hq // Hkv, axis=0)
    v = np.repeat(v, Hq // Hkv, axis=0)
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
    if causal:
        s = np.where(np.tri(Tq, Tk, Tk - Tq, dtype=bool), s, -np.inf)
    m = s.max(-1, keepdims=True)
    m[np.isinf(m)] = 0
    w = np.exp(s - m)
    z = w.sum(-1, keepdims=True)
    w = np.where(z > 0, w / np.where(z > 0, z, 1), 0)
    return (w @ v).astype(q.dtype)
