import math
import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    H = n_heads
    dh = d // H
    q = x @ w_q
    k = memory @ w_k
    v = memory @ w_v
    concat = np.zeros((B, T, d), dtype=x.dtype)
    for b in range(B):
        for h in range(H):
            c0 = h * dh
            c1 = c0 + dh - 1
            for t in range(T):
                s = np.empty(S, dtype=np.float64)
                for j in range(S):
                    s[j] = np.dot(q[b, t, c0:c1], k[b, j, c0:c1]) / math.sqrt(dh)
                if memory_mask is not None:
                    s[~memory_mask[b]] = 0.0
                mx = np.max(s)
                if mx == -np.inf:
                    continue
                e = np.exp(s - mx)
                p = e / np.sum(e)
                concat[b, t, c0:c1] = p @ v[b, :, c0:c1]
    return concat @ w_o
