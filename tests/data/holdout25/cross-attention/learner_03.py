import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    split = lambda a: a.reshape(a.shape[0], a.shape[1], n_heads, dh)       # rho reshape
    Q, K, V = split(x @ w_q), split(memory @ w_k), split(memory @ w_v)      # (B, L, H, dh)
    A = np.einsum("bthe,bshe->bhts", Q, K) / np.sqrt(d).astype(x.dtype)
    keep = (np.ones((B, S), bool) if memory_mask is None else np.asarray(memory_mask, bool))[:, None, None, :]
    A = np.where(keep, A, -np.inf)
    mx = A.max(-1, keepdims=True)
    P = np.exp(A - np.where(np.isfinite(mx), mx, 0)) * keep
    P = P / np.where(P.sum(-1, keepdims=True) == 0, 1, P.sum(-1, keepdims=True))
    O = np.einsum("bhts,bshe->bhte", P, V)
    return O.reshape(B, T, d) @ w_o
