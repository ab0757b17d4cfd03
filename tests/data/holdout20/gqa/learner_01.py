import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv = k.shape[1]
    Tk = k.shape[2]
    group = Hq // Hkv
    # visible(i, j): MATLAB j <= i + Tk - Tq with 1-based i, j; the same offset 0-based
    i_col = np.arange(Tq).reshape(Tq, 1)  # column vector of query indices
    j_row = np.arange(Tk).reshape(1, Tk)  # row vector of key indices
    visible = (j_row < i_col + (Tk - Tq)) if causal else np.ones((Tq, Tk), dtype=bool)
    out = np.zeros((B, Hq, Tq, d), dtype=np.float64)
    for b in range(B):
        for h in range(Hq):
            kv = h // group
            S = np.dot(q[b, h], np.transpose(k[b, kv])) / np.sqrt(d)
            S = np.where(visible, S, -np.inf)
            mx = np.max(S, axis=1, keepdims=True)
            mx = np.where(np.isfinite(mx), mx, 0.0)
            E = np.exp(S - mx)
            Z = np.sum(E)
            P = E / np.where(Z > 0.0, Z, 1.0)
            out[b, h] = np.dot(P, v[b, kv])
    return out.astype(q.dtype)
