import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv                                    # query heads per KV head
    out = np.zeros(q.shape, dtype=q.dtype)
    M = np.tril(np.ones((Tq, Tk))) > 0      # tril(ones(Tq, Tk), Tk - Tq)
    for b in range(B):
        for j in range(1, Hq + 1):                   # head j, 1-based
            kv = (j - 1) % Hkv                        # its KV head, 0-based
            S = np.dot(q[b, j - 1], k[b, kv].T) / np.sqrt(d)
            if causal:
                S[~M] = -np.inf
            mx = np.max(S, axis=1, keepdims=True)
            mx[~np.isfinite(mx)] = 0
            P = np.exp(S - mx)
            Z = np.sum(P, axis=1, keepdims=True)
            Z[Z == 0] = 1
            out[b, j - 1] = np.dot(P / Z, v[b, kv])
    return out
