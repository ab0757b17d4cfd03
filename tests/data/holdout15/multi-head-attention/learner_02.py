import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Q = np.matmul(x, w_q)
    K = np.matmul(x, w_k)
    V = np.matmul(x, w_v)
    concat = np.zeros((B, T, d), dtype=x.dtype)
    for b in range(B):
        if mask is None:
            m = np.ones((T, T), dtype=bool)
        elif mask.ndim == 2:
            m = mask
        else:
            m = mask[b]
        for h in range(n_heads):
            c0 = h * dh
            c1 = c0 + dh - 1
            for i in range(T):
                if not m[i].any():
                    continue
                logits = np.zeros(T)
                for j in range(T):
                    logits[j] = np.dot(Q[b, i, c0:c1], K[b, j, c0:c1]) / np.sqrt(dh)
                logits[m[i]] = -np.inf
                logits -= logits.max()
                p = np.exp(logits)
                p /= p.sum()
                concat[b, i, c0:c1] = p @ V[b, :, c0:c1]
    return concat
