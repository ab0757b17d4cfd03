import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    b, hq, tq, d = q.shape
    hkv = k.shape[1]
    tk = k.shape[2]
    rep = hq // hkv

    out = np.zeros(q.shape, dtype=np.float64)
    for j in range(hq):
        kk = k[:, j // rep]
        vv = v[:, j // rep]
        logits = np.einsum("btd,bsd->bts", q[:, j], kk) / np.sqrt(d)
        if causal:
            # -inf above the diagonal, 0 elsewhere
            logits = logits + np.triu(np.full((tq, tk), -np.inf), k=1)
        mx = logits.max(axis=-1)
        mx = np.where(np.isinf(mx), 0, mx)
        e = np.exp(logits - mx)
        den = e.sum(axis=-1, keepdims=True)
        out[:, j] = e @ vv / np.where(den == 0, 1, den)
    return out.astype(q.dtype)
