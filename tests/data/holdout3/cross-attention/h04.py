import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, n_heads, T, dh)
    k = (memory @ w_k).reshape(B, n_heads, S, dh)
    v = (memory @ w_v).reshape(B, n_heads, S, dh)
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(dh)
    if memory_mask is not None:
        s = np.where(memory_mask[:, None, None, :], s, -np.inf)
    mx = np.max(s, axis=-1, keepdims=True)
    p = np.exp(s - np.where(np.isfinite(mx), mx, 0))
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.where(z > 0, z, 1)
    out = np.swapaxes(p @ v, 1, 2).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
