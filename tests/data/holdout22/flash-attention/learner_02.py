import math
import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Online-softmax attention over key blocks; the (Tq, Tk) matrix is never built."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    lead = q.shape[:-2]
    m = np.full(lead + (Tq, 1), -np.inf, dtype=q.dtype)
    l = np.zeros(lead + (Tq, 1), dtype=q.dtype)
    acc = np.zeros(lead + (Tq, v.shape[-1]), dtype=q.dtype)
    rows = np.arange(Tq)[:, None]
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = (q @ np.swapaxes(kb, -1, -2)) * scale
        if causal:
            cols = np.arange(j0, j0 + kb.shape[-2])[None, :]
            s = np.where(cols <= rows, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isinf(m_new), 0.0, m_new)
        p = np.exp(s - m_safe)
        alpha = np.exp(m - m_safe)
        l = alpha * l + p.sum(axis=-1, keepdims=True)
        acc = acc + p @ vb
        m = m_new
    return (acc / np.where(l == 0, 1.0, l)).astype(q.dtype)
