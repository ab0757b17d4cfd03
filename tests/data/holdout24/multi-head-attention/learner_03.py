import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Y = np.zeros((B, T, d), dtype=x.dtype)
    for b in range(B):
        Xb = x[b]                                        # T x d
        Q = np.dot(Xb, w_q)
        K = np.dot(Xb, w_k)
        V = np.dot(Xb, w_v)
        if mask is None:
            Mb = np.ones((T, T), dtype=bool)
        else:
            Mb = mask if mask.ndim == 2 else mask[b].T
        H = np.zeros((T, d))
        for i in range(1, n_heads + 1):                  # head i, 1-based
            c = slice((i - 1) * dh, i * dh)
            E = np.dot(Q[:, c], K[:, c].T) / np.sqrt(dh)
            E[~Mb] = -np.inf
            mx = E.max(axis=1, keepdims=True)
            mx[~np.isfinite(mx)] = 0.0
            P = np.exp(E - mx)
            s = P.sum(axis=1, keepdims=True)
            s[s == 0] = 1.0
            H[:, c] = np.dot(P / s, V[:, c])
        Y[b] = H
    return Y
