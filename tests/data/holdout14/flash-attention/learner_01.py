import math
import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    lead = q.shape[:-2]
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, v.shape[-1]))
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        stop = min(start + block_size - 1, Tk)
        s = (q @ np.swapaxes(k[..., start:stop, :], -1, -2)) * scale
        if causal:
            kj = np.arange(start, stop)[None, :]
            s = np.where(kj <= qi + (Tq - Tk), s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isneginf(m_new), 0.0, m_new)
        p = np.exp(s - safe)
        alpha = np.exp(m - safe)
        l = l + p.sum(axis=-1, keepdims=True)
        acc = acc * alpha + p @ v[..., start:stop, :]
        m = m_new
    out = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
