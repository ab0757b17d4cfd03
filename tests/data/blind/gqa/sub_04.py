import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    scale = 1.0 / np.sqrt(d)
    heads = []
    for j in range(Hq):
        kh = k[:, j // Hkv]
        vh = v[:, j // Hkv]
        s = np.matmul(q[:, j], kh.transpose(0, 2, 1)) * scale
        if causal:
            ok = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + Tk - Tq
            s = np.where(ok, s, -np.inf)
        top = np.max(s, axis=-1, keepdims=True)
        p = np.exp(s - np.where(np.isfinite(top), top, 0.0))
        tot = p.sum(axis=-1, keepdims=True)
        p = np.divide(p, tot, out=np.zeros_like(p), where=tot > 0)
        heads.append(p @ vh)
    return np.stack(heads, axis=1).astype(q.dtype)
