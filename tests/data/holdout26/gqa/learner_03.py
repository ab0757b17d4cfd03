import numpy as np


def _group_size(hq, hkv):
    if hkv <= 0 or hq % hkv:
        return 0, f"Hq={hq} is not a multiple of Hkv={hkv}"
    return hq // hkv, None


def _visible(tq, tk, causal):
    if not causal:
        return np.ones((tq, tk), dtype=bool), None
    i = np.arange(tq)[:, None]
    j = np.arange(tk)[None, :]
    return j <= i + (tq - tk), None


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group, err = _group_size(Hq, Hkv)
    if err is not None:
        raise ValueError(err)
    vis, err = _visible(Tq, Tk, causal)
    if err is not None:
        raise ValueError(err)
    kv_index = np.arange(Hq) % Hkv
    k_full = k[:, kv_index]
    v_full = v[:, kv_index]
    s = np.matmul(q, np.swapaxes(k_full, -1, -2)) / np.sqrt(np.asarray(d, dtype=q.dtype))
    s = np.where(vis, s, -np.inf)
    mx = np.max(s, axis=-1, keepdims=True)
    mx = np.where(np.isneginf(mx), 0, mx)
    e = np.exp(s - mx)
    z = np.sum(e, axis=-1, keepdims=True)
    p = e / np.where(z == 0, 1, z)
    return np.matmul(p, v_full)
