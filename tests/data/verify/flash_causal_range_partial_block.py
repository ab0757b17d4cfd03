import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    tq, tk, d = q.shape[-2], k.shape[-2], q.shape[-1]
    m = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    l = np.zeros_like(m)
    o = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    rows = np.arange(tq)[:, None]
    for start in range(0, tk, block_size):
        end = min(start + block_size, tk)
        s = q @ np.swapaxes(k[..., start:end, :], -1, -2) / d ** 0.5
        if causal:
            cols = np.arange(start, start + block_size)
            s = np.where(cols[None, :] <= rows + (tk - tq), s, -np.inf)
        m_new = np.maximum(m, s.max(-1, keepdims=True))
        safe = np.where(np.isfinite(m_new), m_new, 0)
        p = np.exp(s - safe)
        corr = np.where(np.isfinite(m), np.exp(m - safe), 0)
        l = l * corr + p.sum(-1, keepdims=True)
        o = o * corr + p @ v[..., start:end, :]
        m = m_new
    return np.divide(o, l, out=np.zeros_like(o), where=l > 0)
