import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    Q = np.dot(x, w_q)                     # (B, T, d)
    K = np.dot(memory, w_k)                # (B, S, d)
    V = np.dot(memory, w_v)                # (B, S, d)
    out = np.zeros((B, T, d))              # double, like zeros(B, T, d)
    for b in range(B):
        for hd in range(1, n_heads + 1):   # heads 1..H
            cols = slice((hd - 1) * dh, hd * dh)
            Qh = Q[b][:, cols]
            Kh = K[b][:, cols]
            Vh = V[b][:, cols]
            E = np.dot(Qh, Kh.T) / np.sqrt(dh)     # T x S
            if memory_mask is not None:
                E[:, memory_mask[b]] = -np.inf
            mx = E.max(axis=1, keepdims=True)      # max(E, [], 2)
            mx[np.isinf(mx)] = 0.0
            P = np.exp(E - mx)
            den = P.sum(axis=0, keepdims=True)     # sum(P, 2)
            den[den == 0.0] = 1.0
            out[b][:, cols] = np.dot(P / den, Vh)
    return np.dot(out, w_o)
