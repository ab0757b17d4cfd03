import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    (B, T, d), S, h = x.shape, memory.shape[1], n_heads
    q = (x @ w_q).reshape(B, h, T, -1)
    k, v = ((memory @ w).reshape(B, S, h, -1).swapaxes(1, 2) for w in (w_k, w_v))
    s = q @ k.swapaxes(-1, -2) * (d // h) ** -0.5
    if memory_mask is not None: s = np.where(memory_mask[:, None, None], s, -np.inf)
    e = np.exp(s - np.nan_to_num(s.max(-1, keepdims=True), neginf=0))
    p = e / e.sum(-1, keepdims=True)
    return (p @ v).swapaxes(1, 2).reshape(B, T, d) @ w_o
