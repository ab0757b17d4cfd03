import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros(q.shape)
    for j in range(Hq):
        kh, vh = k[:, j // group], v[:, j // group]
        s = q[:, j] @ kh.transpose(0, 2, 1) / np.sqrt(Tk)
        if causal:
            i = np.arange(Tq)[:, None]
            jj = np.arange(Tk)[None, :]
            s = np.where(jj <= i + (Tk - Tq), s, -np.inf)
        mx = np.max(s, axis=-1, keepdims=True)
        mx[np.isneginf(mx)] = 0.0
        e = np.exp(s - mx)
        den = e.sum(-1, keepdims=True)
        out[:, j] = np.divide(e, den, where=den > 0, out=np.zeros_like(e)) @ vh
    return out
