import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    m_i = np.full(q.shape[:-1] + (1,), -np.inf)
    l_i = np.zeros(q.shape[:-1] + (1,))
    o_i = np.zeros(q.shape[:-1] + (v.shape[-1],))
    rows = np.arange(Tq)[:, None] + Tk - Tq
    for b in range(0, Tk, block_size):
        s = (q @ np.swapaxes(k[..., b:b + block_size, :], -1, -2)) * scale
        if causal:
            cols = np.arange(b, b + s.shape[-1])[None, :]
            s = np.where(cols <= rows, s, -np.inf)
        m_new = np.maximum(m_i, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isinf(m_new), 0.0, m_new)
        p = np.exp(s - m_safe)
        l_i = l_i * np.exp(m_i - m_safe) + p.sum(axis=-1, keepdims=True)
        o_i = o_i + p @ v[..., b:b + block_size, :]
        m_i = m_new
    out = np.where(l_i > 0, o_i / np.where(l_i > 0, l_i, 1.0), 0.0)
    return out.astype(q.dtype)
