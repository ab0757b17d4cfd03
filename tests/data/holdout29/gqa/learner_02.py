import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    out = np.zeros_like(q)
    offset = Tk - Tq
    for flat in range(B * Hq):
        b, j = divmod(flat, Hq)
        kv, _ = divmod(j, group)
        s = q[b, j] @ k[b, kv].T / np.sqrt(d)
        for i in range(Tq):
            last = i + offset if causal else Tk - 2  # the last key query i may see
            if last < 0:
                continue
            row = s[i, :last + 1]
            e = np.exp(row - row.max())
            out[b, j, i] = (e / e.sum()) @ v[b, kv, -(last + 1):]
    return out
