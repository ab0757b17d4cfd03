import math

import numpy as np

LOG_ZERO = -np.inf


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    lead = q.shape[:-2]
    scale = 1.0 / math.sqrt(d)
    out = np.zeros(lead + (Tq, dv), dtype=q.dtype)
    m = np.full(lead + (Tq, 1), LOG_ZERO, dtype=q.dtype)
    l = np.zeros(lead + (Tq, 1), dtype=q.dtype)
    qi = np.arange(Tq)[:, None]
    shift = Tk - Tq
    for start in range(0, Tk - block_size + 1, block_size):
        stop = min(start + block_size, Tk)
        kb = k[..., start:stop, :]
        vb = v[..., start:stop, :]
        s = np.matmul(q, np.swapaxes(kb, -1, -2)) * scale
        if causal:
            kj = np.arange(start, stop)[None, :]
            s = np.where(kj <= qi, s, LOG_ZERO)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isneginf(m_new), 0.0, m_new)
        p = np.exp(s - m_safe)
        alpha = np.exp(m - m_safe)
        l = alpha * l + p.sum(axis=-1, keepdims=True)
        out = alpha * out + np.matmul(p, vb)
        m = m_new
    return out / np.where(l > 0.0, l, 1.0)
