import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    assert q.ndim == 4 and k.ndim == 4 and v.ndim == 4, "expected (B, H, T, d) arrays"
    B, Hq, Tq, d = q.shape
    Bk, Hkv, Tk, dk = k.shape
    assert (Bk, dk) == (B, d) and v.shape == k.shape, "k and v must match q's batch and width"
    assert Hq % Hkv == 0, f"Hq={Hq} is not a multiple of Hkv={Hkv}"
    group = Hq // Hkv
    kv_index = np.arange(Hq) // group
    k_full = k[:, kv_index]
    v_full = v[:, kv_index]
    s = np.matmul(q, np.swapaxes(k_full, -1, -2)) / math.sqrt(d)
    match bool(causal):
        case True:
            visible = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        case False:
            visible = np.ones((Tq, Tk), dtype=bool)
    s = np.where(visible, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    e = np.exp(s - mx)
    z = e.sum(axis=-1, keepdims=True)
    return np.matmul(e / np.where(z > 0, z, 1.0), v_full)
