import numpy as np


def _split(t, n_heads):
    B, T, d = t.shape
    return t.reshape(B, T, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def _merge(t):
    B, H, T, dh = t.shape
    return t.reshape(B, T, H * dh)


def _softmax(s):
    m = s.max(axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0.0))
    z = e.sum(axis=-1, keepdims=True)
    return np.divide(e, z, out=np.zeros_like(e), where=z > 0)


def _heads_mask(mask):
    return None if mask is None else (mask[:, None] if mask.ndim == 3 else mask[None, None])


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    q, k, v = (_split(x @ w, n_heads) for w in (w_q, w_k, w_v))
    d_head = x.shape[-1]
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d_head).astype(x.dtype)
    m = _heads_mask(mask)
    s = s if m is None else np.where(m, s, -np.inf)
    return _merge(_softmax(s) @ v) @ w_o
