import math

import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    n_q, n_k = q.shape[-2], k.shape[-2]
    scale = 1 / math.sqrt(q.shape[-1])
    m = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    l = np.zeros_like(m)
    o = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    for j in range(0, n_k, block_size):
        kj = k[..., j:j + block_size, :]
        vj = v[..., j:j + block_size, :]
        s = np.matmul(q, np.swapaxes(kj, -2, -1)) * scale
        if causal:
            qpos = np.arange(n_q)[:, None] + (n_k - n_q)
            kpos = np.arange(j, j + kj.shape[-2])[None, :]
            s = np.where(kpos <= qpos, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        p = np.exp(s - m_new)
        alpha = np.exp(m - m_new)
        l = alpha * l + p.sum(axis=-1, keepdims=True)
        o = alpha * o + np.matmul(p, vj)
        m = m_new
    return o / l
