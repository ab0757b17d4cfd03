import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    Q = (x @ w_q).reshape(B, T, n_heads, hd).swapaxes(1, 2)
    K = (memory @ w_k).reshape(B, S, n_heads, hd).swapaxes(1, 2)
    V = (memory @ w_v).reshape(B, S, n_heads, hd).swapaxes(1, 2)
    att = Q @ K.swapaxes(-1, -2) / np.sqrt(hd)
    allowed = np.tril(np.ones((T, S), dtype=bool))
    if memory_mask is not None:
        allowed = allowed & memory_mask[:, None, None, :]
    att = np.where(allowed, att, -np.inf)
    mx = np.max(att, axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    w = np.exp(att - mx)
    den = w.sum(axis=-1, keepdims=True)
    w = w / np.where(den > 0, den, 1.0)
    out = (w @ V).swapaxes(1, 2).reshape(B, T, d) @ w_o
    return out.astype(x.dtype)
