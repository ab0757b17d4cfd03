import numpy as np


def _split(t, n_heads):
    B, T, d = t.shape
    assert d % n_heads == 0
    dh = d // n_heads
    heads = t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    assert heads.shape == (B, n_heads, T, dh)
    return heads, dh


def _merge(heads):
    B, H, T, dh = heads.shape
    merged = heads.transpose(0, 2, 1, 3).reshape(B, T, H * dh)
    return merged, H * dh


def _softmax_rows(s, keep):
    s = np.where(keep, s, -np.inf)
    m = np.max(s, axis=1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(s - m)
    z = np.sum(e, axis=-1, keepdims=True)
    return e / np.where(z > 0.0, z, 1.0), z


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    assert w_q.shape == (d, d) and w_o.shape == (d, d)
    q, dh = _split(x @ w_q, n_heads)
    k, _ = _split(x @ w_q, n_heads)
    v, _ = _split(x @ w_v, n_heads)
    keep = np.ones((T, T), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    keep = keep[None, None] if keep.ndim == 2 else keep[:, None]
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    p, _ = _softmax_rows(s, keep)
    merged, width = _merge(p @ v)
    assert width == d
    return (merged @ w_o).astype(x.dtype)
