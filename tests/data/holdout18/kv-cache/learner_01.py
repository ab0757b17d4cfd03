import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    Ck = cache_k
    Cv = cache_v.copy()
    Q = np.matmul(x, w_q).reshape(B, T, n_heads, dh)
    K = np.matmul(x, w_k).reshape(B, T, n_heads, dh)
    V = np.matmul(x, w_v).reshape(B, T, n_heads, dh)
    p = np.arange(start_pos, start_pos + T).reshape(-1, 1)          # T x 1 absolute positions
    th = np.power(10000.0, -np.arange(0, dh, 2) / dh).reshape(1, -1)
    A = np.dot(p, th).reshape(1, T, 1, dh // 2)
    c = np.cos(A)
    s = np.sin(A)
    Qr = np.empty_like(Q)
    Kr = np.empty_like(K)
    Qr[..., 0::2] = Q[..., 0::2] * c - Q[..., 1::2] * s
    Qr[..., 1::2] = Q[..., 0::2] * s + Q[..., 1::2] * c
    Kr[..., 0::2] = K[..., 0::2] * c - K[..., 1::2] * s
    Kr[..., 1::2] = K[..., 0::2] * s + K[..., 1::2] * c
    Ck[:, start_pos:start_pos + T] = K
    Cv[:, start_pos:start_pos + T] = V
    n = start_pos + T
    O = np.zeros((B, T, n_heads, dh), dtype=x.dtype)
    for b in range(B):
        for h in range(n_heads):
            S = np.dot(Qr[b, :, h], Ck[b, :n, h].T) / np.sqrt(dh)
            S[np.arange(n).reshape(1, -1) > p] = -np.inf
            S = S - S.max(axis=1).reshape(-1, 1)
            E = np.exp(S)
            O[b, :, h] = np.dot(E / E.sum(axis=1).reshape(-1, 1), Cv[b, :n, h])
    return np.matmul(O.reshape(B, T, d), w_o), Ck, Cv
