import math

import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    # running statistics for every query row: max, sum of exponentials, unnormalised output
    m = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    l = np.zeros(q.shape[:-1] + (1,), dtype=q.dtype)
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    # query i sees key j when j <= i + (Tk - Tq) (bottom-right alignment)
    q_idx = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk - 1)
        # scores of all queries against this block of keys only
        s = np.matmul(q, np.swapaxes(k[..., start:stop, :], -1, -2)) * scale
        if causal:
            k_idx = np.arange(start, stop)[None, :]
            s = np.where(k_idx <= q_idx, s, -np.inf)
        # new running max; rows that have seen nothing yet keep -inf
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isfinite(m_new), m_new, 0.0)
        # rescale what we had by exp(m_old - m_new), then add this block
        alpha = np.exp(m - safe)
        p = np.exp(s - safe)
        l = l + p.sum(axis=-1, keepdims=True)
        acc = alpha * acc + np.matmul(p, v[..., start:stop, :])
        m = m_new
    # normalise at the end; a query that saw no key outputs zeros
    return np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0).astype(q.dtype)
