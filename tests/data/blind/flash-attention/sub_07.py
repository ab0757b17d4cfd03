import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    m = np.full(q.shape[:-1] + (1,), -np.inf)
    l = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk - 1)
        s = q @ np.swapaxes(k[..., start:stop, :], -1, -2) / np.sqrt(d)
        if causal:
            s = np.where(np.arange(start, stop)[None, :] <= np.arange(Tq)[:, None], s, -np.inf)
        m_new = np.maximum(m, s.max(-1, keepdims=True))
        ref = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - ref)
        alpha = np.exp(m - ref)
        l = alpha * l + p.sum(-1, keepdims=True)
        acc = alpha * acc + p @ v[..., start:stop, :]
        m = m_new
    return np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0).astype(q.dtype)
