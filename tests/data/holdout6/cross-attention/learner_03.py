import numpy as np


def softmax(z, axis=-1):
    zmax = np.max(z, axis=axis, keepdims=True)
    zmax[np.isinf(zmax)] = 0.0
    ez = np.exp(z - zmax)
    return ez / np.maximum(ez.sum(axis=axis, keepdims=True), 1e-300)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    Q = (x @ w_q).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    K = (memory @ w_k).reshape(B, S, n_heads, hd).transpose(0, 2, 1, 3)
    V = (memory @ w_v).reshape(B, S, n_heads, hd).transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hd)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]
        scores = np.where(keep, scores, -np.inf)
    att = softmax(scores, axis=2)
    heads = att @ V
    merged = heads.reshape(B, T, d)
    return (merged @ w_o).astype(x.dtype)
