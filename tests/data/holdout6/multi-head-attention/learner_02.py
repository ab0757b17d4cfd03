import numpy as np


def softmax_rows(s):
    top = np.max(s, axis=-1, keepdims=True)
    top[np.isneginf(top)] = 0.0
    e = np.exp(s - top)
    z = np.sum(e, axis=-1, keepdims=True)
    z[z == 0.0] = 1.0
    return e / z


def split_heads(t, n_heads):
    B, T, d = t.shape
    return t.reshape(B, T, d // n_heads, n_heads).transpose(0, 3, 1, 2)


def merge_heads(t):
    B, H, T, dh = t.shape
    return t.transpose(0, 2, 1, 3).reshape(B, T, H * dh)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    T = x.shape[1]
    dh = x.shape[2] // n_heads
    Q = split_heads(x @ w_q, n_heads)
    K = split_heads(x @ w_k, n_heads)
    V = split_heads(x @ w_v, n_heads)
    S = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if mask is not None:
        M = mask.reshape((-1, 1, T, T))
        S = np.where(M, S, -np.inf)
    A = softmax_rows(S)
    return (merge_heads(A @ V) @ w_o).astype(x.dtype)
