import numpy as np


def softmax_rows(a):
    m = np.max(a, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(a - m)
    s = e.sum(axis=-1, keepdims=True)
    return np.divide(e, s, out=np.zeros_like(e), where=s > 0)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    hs = D // n_heads

    def split(t):
        return t.reshape(B, n_heads, T, hs)

    Q, K, V = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hs)
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None, :, :]
        scores = np.where(m, scores, -np.inf)
    P = softmax_rows(scores)
    heads = P @ V  # (B, H, T, hs)
    merged = heads.transpose(0, 2, 1, 3).reshape(B, T, D)
    return (merged @ w_o).astype(x.dtype)
