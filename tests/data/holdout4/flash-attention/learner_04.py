import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    lead = q.shape[:-2]
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, v.shape[-1]))
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        kb = k[..., start:start + block_size, :]
        vb = v[..., start:start + block_size, :]
        s = (q @ np.swapaxes(kb, -1, -2)) * scale
        if causal:
            kj = np.arange(start, start + kb.shape[-2])[None, :]
            s = np.where(kj <= qi + (Tk - Tq), s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - m_safe)
        alpha = np.exp(m - m_safe)
        l = l * alpha + p.sum(axis=-1, keepdims=True)
        acc = acc * alpha + p @ vb
        m = m_new
    out = acc / np.where(l == 0, 1.0, l)
    return out.astype(q.dtype)
