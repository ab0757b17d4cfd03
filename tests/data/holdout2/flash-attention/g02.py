import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    offset = Tk - Tq
    m = np.full((*lead, Tq, 1), -np.inf)
    l = np.zeros((*lead, Tq, 1))
    acc = np.zeros((*lead, Tq, v.shape[-1]))
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = q @ np.swapaxes(kb, -1, -2) / np.sqrt(d)
        if causal:
            i = np.arange(Tq)[:, None]
            j = np.arange(j0, j0 + kb.shape[-2])[None, :]
            s = np.where(j <= i + offset, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        p = np.exp(s - m_new)
        corr = np.exp(m - m_new)
        l = corr * l + p.sum(axis=-1, keepdims=True)
        acc = corr * acc + p @ vb
        m = m_new
    return (acc / l).astype(q.dtype)
