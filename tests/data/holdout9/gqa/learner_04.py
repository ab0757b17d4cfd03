import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    per_kv = Hq // Hkv
    out = np.zeros(q.shape, dtype=np.float32)
    for h in range(Hkv):
        kh = k[:, h // per_kv]
        vh = v[:, h // per_kv]
        s = q[:, h] @ kh.transpose(0, 2, 1) / np.sqrt(d, dtype=q.dtype)
        if causal:
            ok = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + Tk - Tq
            s = np.where(ok, s, -np.inf)
        for b in range(B):
            for i in range(Tq):
                row = s[b, i]
                if np.isneginf(row).all():
                    continue
                w = np.exp(row - row.max())
                out[b, h, i] = (w / w.sum()) @ vh[b]
    return out
