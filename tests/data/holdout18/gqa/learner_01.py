import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv = k.shape[1]
    Tk = k.shape[2]
    grp = Hq // Hkv
    out = np.zeros(q.shape[:3] + (v.shape[3],), dtype=q.dtype)
    allowed = np.ones((Tq, Tk), dtype=bool)
    if causal:
        allowed = np.tril(allowed)
    for h in range(Hq):
        kv = h % Hkv
        S = np.matmul(q[:, h], k[:, kv].transpose(0, 2, 1)) / np.sqrt(d).astype(q.dtype)
        S[:, ~allowed] = -np.inf
        mx = S.max(axis=-1, keepdims=True)
        mx[np.isinf(mx)] = 0
        P = np.exp(S - mx)
        Z = P.sum(axis=-1, keepdims=True)
        Z[Z == 0] = 1
        out[:, h] = np.matmul(P / Z, v[:, kv])
    return out
