import numpy as np


def split_heads(t, n_heads):
    B, T, d = t.shape
    return t.reshape(B, T, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    d_head = d // n_heads
    Q = split_heads(x @ w_q, n_heads)
    K = split_heads(x @ w_q, n_heads)
    V = split_heads(x @ w_v, n_heads)
    logits = np.einsum("bhqd,bhkd->bhqk", Q, K) / np.sqrt(d_head)
    if mask is not None:
        m = mask[:, None] if mask.ndim == 3 else mask
        logits = np.where(m, logits, -np.inf)
    m_row = np.max(logits, axis=-1, keepdims=True)
    m_row = np.where(np.isneginf(m_row), 0.0, m_row)
    e = np.exp(logits - m_row)
    s = e.sum(axis=-1, keepdims=True)
    A = np.divide(e, s, out=np.zeros_like(e), where=s > 0)
    heads = np.einsum("bhqk,bhkd->bhqd", A, V)
    concat = heads.transpose(0, 2, 1, 3).reshape(B, T, d)
    return (concat @ w_o).astype(x.dtype)
