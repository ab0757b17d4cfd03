import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    group = Hq // Hkv
    out = np.zeros_like(q)
    offset = Tk - Tq
    for b in range(B):
        for j in range(Hq):
            kv = j // Hkv
            scores = q[b, j] @ k[b, kv].T / np.sqrt(d)
            if causal:
                for i in range(Tq):
                    scores[i, max(0, i + offset + 1):] = -np.inf
            for i in range(Tq):
                row = scores[i]
                if np.all(np.isneginf(row)):
                    continue  # no visible key: stays zero
                p = np.exp(row - row.max())
                out[b, j, i] = p @ v[b, kv] / p.sum()
    return out
