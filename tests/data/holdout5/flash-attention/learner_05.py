import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    dv = v.shape[-1]
    lead = q.shape[:-2]
    scale = 1.0 / np.sqrt(d)
    m = np.full(lead + (Tq,), -np.inf)
    l = np.zeros(lead + (Tq,))
    o = np.zeros(lead + (Tq, dv))
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        kb = k[..., start:end, :]
        vb = v[..., start:end, :]
        s = (q @ np.swapaxes(kb, -1, -2)) * scale
        if causal:
            kj = np.arange(start, end)[None, :]
            s = np.where(kj <= qi + (Tk - Tq), s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1))
        m_safe = np.where(np.isneginf(m_new), 0.0, m_new)
        alpha = np.exp(m - m_safe)
        p = np.exp(s - m_safe[..., None])
        l = l * alpha + p.sum(axis=-1)
        o = o * alpha[..., None] + p @ vb
        m = m_new
    l_safe = np.where(l == 0, 1.0, l)
    return (o / l_safe[..., None]).astype(q.dtype)
