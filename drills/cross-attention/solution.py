import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    S = memory.shape[1]
    dh = D // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    s = q @ k.transpose(0, 1, 3, 2) / dh ** 0.5  # a Python float: np.sqrt(dh) would promote float32 to float64
    if memory_mask is not None:
        s = np.where(memory_mask[:, None, None, :], s, -np.inf)
    m = s.max(-1, keepdims=True)
    w = np.exp(s - np.where(np.isfinite(m), m, 0))  # a memory all padding: its row of -inf gives 0s
    total = w.sum(-1, keepdims=True)
    w = np.divide(w, total, out=np.zeros_like(w), where=total > 0)  # ... and zeros out, not 0/0
    return (w @ v).transpose(0, 2, 1, 3).reshape(B, T, D) @ w_o
