import numpy as np


def softmax(s):
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0, m)
    e = np.exp(s - m)
    tot = np.sum(e, axis=-1, keepdims=True)
    return e / np.where(tot == 0, 1, tot)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    hd = d // n_heads
    Q = (x @ w_q).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    K = (x @ w_k).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    V = (x @ w_v).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hd)
    if mask is not None:
        scores = np.where(mask[:, None, :, :], scores, -np.inf)
    A = softmax(scores)
    out = (A @ V).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
