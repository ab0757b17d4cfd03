import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros_like(q)
    for b in range(B):
        for h in range(Hq):
            kv = h // group
            for i in range(Tq):
                last = i + Tk - Tq - 1 if causal else Tk - 1
                if last < 0:
                    continue
                s = k[b, kv, : last + 1] @ q[b, h, i] / np.sqrt(d)
                s = np.exp(s - s.max())
                out[b, h, i] = (s / s.sum()) @ k[b, kv, : last + 1]
    return out
