import math

import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax: see TASK.md."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    scale = 1.0 / math.sqrt(d)
    lead = q.shape[:-2]
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    o = np.zeros(lead + (Tq, dv))
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        s = q @ np.swapaxes(k[..., start:end, :], -1, -2) * scale
        if causal:
            kj = np.arange(start, end)[None, :]
            s = np.where(kj <= qi + (Tk - Tq), s, -np.inf)
        m_new = np.maximum(m, s.max(-1, keepdims=True))
        m_safe = np.where(np.isinf(m_new), 0.0, m_new)
        p = np.exp(s - m_safe)
        alpha = np.exp(m - m_safe)
        l = l * alpha + p.sum(-1, keepdims=True)
        o = o * alpha + p @ v[..., start:end, :]
        m = m_new
    out = np.where(l > 0, o / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
