import numpy as np


def _rope(x, pos0):
    # x (B, T, H, dh): interleaved pairs (2i, 2i+1) at absolute positions pos0 .. pos0 + T - 1
    T, dh = x.shape[1], x.shape[-1]
    p = np.arange(pos0, pos0 + T, dtype=np.float64)[:, None]
    f = 10000.0 ** (-np.arange(0, dh // 2, dtype=np.float64) / dh)
    a = p * f                                                 # (T, dh/2)
    c = np.cos(a)[None, :, None, :].astype(x.dtype)
    s = np.sin(a)[None, :, None, :].astype(x.dtype)
    e, o = x[..., 0::2], x[..., 1::2]
    y = np.empty_like(x)
    y[..., 0::2] = e * c - o * s
    y[..., 1::2] = e * s + o * c
    return y


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    h = n_heads
    e = d // h
    n = start_pos + T
    v0 = (x @ w_q).reshape(B, T, h, e)                        # %q
    v1 = (x @ w_k).reshape(B, T, h, e)                        # %k
    v2 = (x @ w_v).reshape(B, T, h, e)                        # %v
    v3 = _rope(v0, start_pos)                                 # %q_rot
    v4 = _rope(v1, start_pos)                                 # %k_rot
    v5 = cache_k.copy()                                       # %ck'
    v6 = cache_v.copy()                                       # %cv'
    v5[:, start_pos:n] = v4
    v6[:, start_pos:n] = v1
    v7 = v3.transpose(0, 2, 1, 3)                             # (B,h,T,e)
    v8 = v5[:, :n].transpose(0, 2, 3, 1)                      # (B,h,e,n)
    v9 = v6[:, :n].transpose(0, 2, 1, 3)                      # (B,h,n,e)
    v10 = (v7 @ v8) / np.sqrt(e).astype(x.dtype)              # (B,h,T,n)
    v11 = np.arange(n)[None, :] <= np.arange(T)[:, None]
    v12 = np.where(v11, v10, -np.inf)
    v13 = v12 - v12.max(axis=-1, keepdims=True)
    v14 = np.exp(v13)
    v15 = v14 / v14.sum(axis=-1, keepdims=True)
    v16 = (v15 @ v9).transpose(0, 2, 1, 3).reshape(B, T, d)
    v17 = v16 @ w_o
    return v17, v5, v6
