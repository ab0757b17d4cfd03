import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv

    # expand the kv heads: query heads 0..group-1 read kv head 0, the next group kv head 1, ...
    k_full = np.repeat(k, group, axis=1)
    v_full = np.repeat(v, group, axis=1)

    s = q @ k_full.swapaxes(-1, -2) / np.sqrt(d)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(allowed, s, -np.inf)

    mx = s.max(axis=-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0.0
    w = np.exp(s - mx)
    tot = w.sum(axis=-1, keepdims=True)
    tot[tot == 0] = 1.0
    w /= tot
    return (w @ v_full).astype(q.dtype)
