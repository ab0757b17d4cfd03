import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    Hq, Tq, d = q.shape[1:]
    Hkv, Tk = k.shape[1], k.shape[2]
    rep = Hq // Hkv
    out = np.zeros(q.shape, dtype=np.float32)
    mask = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq) if causal else None
    for h in range(Hq):
        kh, vh = k[:, h % Hkv], v[:, h % Hkv]
        s = q[:, h] @ kh.transpose(0, 2, 1) / np.sqrt(d)
        if mask is not None:
            s = np.where(mask, s, -np.inf)
        m = s.max(axis=-1, keepdims=True)
        m[np.isneginf(m)] = 0.0
        p = np.exp(s - m)
        l = p.sum(axis=-1, keepdims=True)
        out[:, h] = (p / np.where(l == 0, 1.0, l)) @ vh
    return out
