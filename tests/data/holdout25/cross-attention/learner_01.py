import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    h = n_heads
    e = d // h
    v0 = x @ w_q                                              # %q   (B,T,d)
    v1 = memory @ w_k                                         # %k   (B,S,d)
    v2 = memory @ w_v                                         # %v   (B,S,d)
    v3 = v0.reshape(B, T, h, e).transpose(0, 2, 1, 3)         # %qh  (B,h,T,e)
    v4 = v1.reshape(B, h, S, e).transpose(0, 1, 3, 2)         # %khT (B,h,e,S)
    v5 = v2.reshape(B, S, h, e).transpose(0, 2, 1, 3)         # %vh  (B,h,S,e)
    v6 = (v3 @ v4) * np.asarray(e ** -0.5, dtype=x.dtype)     # %s   (B,h,T,S)
    v7 = np.ones((B, S), dtype=bool) if memory_mask is None else np.asarray(memory_mask, dtype=bool)
    v8 = v7[:, None, None, :]                                 # %keep (B,1,1,S)
    v9 = np.where(v8, v6, -np.inf)                            # %sm
    v10 = np.max(v9, axis=-1, keepdims=True)                  # %m
    v11 = v10                  # %m0
    v12 = np.exp(v9 - v11)                                    # %e
    v13 = np.sum(v12, axis=-1, keepdims=True)                 # %l
    v14 = v12 / np.maximum(v13, np.finfo(x.dtype).tiny)       # %p
    v15 = v14 @ v5                                            # %o   (B,h,T,e)
    v16 = v15.transpose(0, 2, 1, 3).reshape(B, T, d)          # %cat (B,T,d)
    v17 = v16 @ w_o                                           # %y
    return v17
