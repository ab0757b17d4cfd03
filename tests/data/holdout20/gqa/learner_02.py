import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    b, h, n, d = q.shape; g = h // k.shape[1]; m = k.shape[2]
    o = np.zeros(q.shape, dtype=np.float64)
    for j in range(h):
        s = q[:, j] @ k[:, j % k.shape[1]].transpose(0, 2, 1) / np.sqrt(d)
        if causal: s = np.where(np.tril(np.ones((n, m), bool)), s, -np.inf)
        t = s.max(-1, keepdims=True); t[~np.isfinite(t)] = 0
        e = np.exp(s - t); z = e.sum(-1, keepdims=True); z[z == 0] = 1
        o[:, j] = e / z @ v[:, j // g]
    return o.astype(q.dtype)
