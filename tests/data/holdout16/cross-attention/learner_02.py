import numpy as np


def _project(t, w, n_heads):
    B, L, d = t.shape
    return (t @ w).reshape(B, L, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def _softmax_masked(s, keep):
    s = np.where(keep, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    z = np.sum(e, axis=-1, keepdims=True)
    return e / np.where(z > 0, z, 1)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    q = _project(x, w_q, n_heads)
    k = _project(memory, w_k, n_heads)
    v = _project(memory, w_v, n_heads)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1]).astype(x.dtype)
    keep = np.ones(s.shape[-1], dtype=bool) if memory_mask is None else memory_mask[:, None, None, :]
    p = _softmax_masked(s, keep)
    return (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
