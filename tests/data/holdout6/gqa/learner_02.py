import numpy as np


def _softmax(x):
    mx = x.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    ex = np.exp(x - mx)
    tot = ex.sum(axis=-1, keepdims=True)
    return ex / np.where(tot == 0, 1.0, tot)


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    n_rep = Hq // Hkv
    k_full = np.tile(k, (1, n_rep, 1, 1))
    v_full = np.tile(v, (1, n_rep, 1, 1))
    att = q @ k_full.transpose(0, 1, 3, 2) / np.sqrt(d)
    if causal:
        i = np.arange(Tq)[:, None]
        j = np.arange(Tk)[None, :]
        att = np.where(j <= i + (Tk - Tq), att, -np.inf)
    return (_softmax(att) @ v_full).astype(q.dtype)
