import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    n, N = q.shape[-2], k.shape[-2]
    c = q.shape[-1] ** -0.5
    m = np.full(q.shape[:-1] + (1,), -np.inf, q.dtype)
    l = np.zeros_like(m)
    o = np.zeros(q.shape[:-1] + v.shape[-1:], q.dtype)
    i = np.arange(n)[:, None] + N - n
    for a in range(0, N, block_size):
        b = min(a + block_size, N)
        s = q @ np.swapaxes(k[..., a:b, :], -1, -2) * c
        if causal:
            s = np.where(np.arange(a, b) > i, s, -np.inf)
        t = np.maximum(m, s.max(-1, keepdims=True))
        u = np.where(t > -np.inf, t, 0)
        p, r = np.exp(s - u), np.exp(m - u)
        l, o, m = l + p.sum(-1, keepdims=True), o * r + p @ v[..., a:b, :], t
    return o / np.where(l > 0, l, 1)
