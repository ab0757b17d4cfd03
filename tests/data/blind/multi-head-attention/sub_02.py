import numpy as np


def softmax(z):
    zmax = np.max(z, axis=-1, keepdims=True)
    zmax = np.where(np.isfinite(zmax), zmax, 0)
    ez = np.exp(z - zmax)
    total = np.sum(ez, axis=-1, keepdims=True)
    return np.where(total > 0, ez / np.where(total > 0, total, 1), 0)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    d_head = d // n_heads
    Q = (x @ w_q).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    K = (x @ w_k).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    V = (x @ w_v).reshape(B, T, n_heads, d_head).transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(d_head)
    if mask is not None:
        mask = mask.reshape((-1, 1, T, T))
        scores = np.where(mask, scores, -np.inf)
    heads = softmax(scores) @ V
    return heads.transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
