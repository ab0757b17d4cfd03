import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    q64 = q.astype(np.float64)
    m = np.full(q.shape[:-1] + (1,), -np.inf)
    l = np.zeros(q.shape[:-1] + (1,))
    o = np.zeros(q.shape[:-1] + (v.shape[-1],))
    offset = Tk - Tq
    for j in range(0, Tk, block_size):
        kb = k[..., j:j + block_size, :].astype(np.float64)
        vb = v[..., j:j + block_size, :].astype(np.float64)
        s = q64 @ np.swapaxes(kb, -1, -2) / np.sqrt(d)
        if causal:
            qi = np.arange(Tq)[:, None]
            kj = np.arange(j, j + kb.shape[-2])[None, :]
            s = np.where(kj <= qi + offset, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isneginf(m_new), 0.0, m_new)
        p = np.exp(s - m_safe)
        l = l * np.exp(m - m_safe) + p.sum(axis=-1, keepdims=True)
        o = o + p @ vb
        m = m_new
    l_safe = np.where(l == 0, 1.0, l)
    return (o / l_safe).astype(q.dtype)
