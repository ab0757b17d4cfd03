import numpy as np


def make_head_ops(n_heads, d):
    dh = d // n_heads

    def split(t):
        B, T, _ = t.shape
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)

    def merge(t):
        B, H, T, _ = t.shape
        return t.transpose(0, 2, 1, 3).reshape(B, T, H * dh)

    return split, merge


def make_masked_softmax(mask):
    allow = None if mask is None else (mask[None, None] if mask.ndim == 2 else mask[:, None])

    def softmax(s):
        if allow is not None:
            s = np.where(allow, s, np.finfo(s.dtype).min)
        m = s.max(axis=-1, keepdims=True)
        m = np.where(np.isfinite(m), m, 0.0)
        e = np.exp(s - m)
        z = e.sum(axis=-1, keepdims=True)
        return e / np.where(z == 0, 1.0, z)

    return softmax


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    split, merge = make_head_ops(n_heads, d)
    softmax = make_masked_softmax(mask)
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_k)
    scale = (d // n_heads) ** -0.5
    w = softmax(q @ k.transpose(0, 1, 3, 2) * scale)
    return merge(w @ v) @ w_o.T
