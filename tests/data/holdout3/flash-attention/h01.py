import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    qf = q.astype(np.float64) * scale
    m = np.full(q.shape[:-1] + (1,), -np.inf)
    l = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    rows = np.arange(Tq)[:, None] + (Tk - Tq)
    for start in range(0, Tk, block_size):
        kb = k[..., start:start + block_size, :].astype(np.float64)
        vb = v[..., start:start + block_size, :].astype(np.float64)
        s = qf @ np.swapaxes(kb, -1, -2)
        if causal:
            cols = np.arange(start, start + kb.shape[-2])[None, :]
            s = np.where(cols <= rows, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isfinite(m_new), m_new, 0.0)
        alpha = np.exp(m - safe)
        p = np.exp(s - safe)
        l = l * alpha + p.sum(axis=-1, keepdims=True)
        acc = acc * alpha + p @ vb
        m = m_new
    out = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
