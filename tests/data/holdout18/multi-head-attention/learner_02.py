import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Q = np.matmul(x, w_q)
    K = np.matmul(x, w_k)
    V = np.matmul(x, w_v)
    heads = []
    for h in range(n_heads):
        cols = slice(h, h + dh)
        S = np.matmul(Q[:, :, cols], K[:, :, cols].transpose(0, 2, 1)) / np.sqrt(d)
        S = S.astype(x.dtype)
        if mask is not None:
            S = np.where(mask, S, -np.inf)
        mx = S.max(axis=2, keepdims=True)
        mx[~np.isfinite(mx)] = 0
        E = np.exp(S - mx)
        Z = E.sum(axis=1, keepdims=True)
        Z[Z == 0] = 1
        heads.append(np.matmul(E / Z, V[:, :, cols]))
    H = np.concatenate(heads, axis=2)
    return np.matmul(H, w_o)
