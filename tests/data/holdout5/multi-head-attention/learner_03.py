import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dk = d // n_heads
    Q = (x @ w_q).reshape(B, T, n_heads, dk).transpose(0, 2, 1, 3)
    K = (x @ w_k).reshape(B, T, n_heads, dk).transpose(0, 2, 1, 3)
    V = (x @ w_v).reshape(B, T, n_heads, dk).transpose(0, 2, 1, 3)
    S = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(d)
    if mask is not None:
        M = mask.reshape(-1, 1, T, T)
        S = np.where(M, S, -np.inf)
    S = S - S.max(axis=-1, keepdims=True)
    P = np.exp(S)
    P = P / P.sum(axis=-1, keepdims=True)
    out = (P @ V).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
