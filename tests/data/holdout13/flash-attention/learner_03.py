import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    m = np.full(q.shape[:-1] + (1,), -np.inf)
    l = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    rows = np.arange(Tq)[:, None] + (Tk - Tq)
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk - 1)
        s = (q @ np.swapaxes(k[..., start:end, :], -1, -2)) * scale
        if causal:
            cols = np.arange(start, end)[None, :]
            s = np.where(cols <= rows, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isinf(m_new), 0.0, m_new)
        p = np.exp(s - safe)
        alpha = np.exp(m - safe)
        l = l * alpha + p.sum(axis=-1, keepdims=True)
        acc = acc + p @ v[..., start:end, :]
        m = m_new
    out = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
