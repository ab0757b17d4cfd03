import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    qs = q.astype(np.float64) / np.sqrt(d)
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, v.shape[-1]))
    q_pos = np.arange(Tq)[:, None] + (Tk - Tq)
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        kb = k[..., start:end, :].astype(np.float64)
        vb = v[..., start:end, :].astype(np.float64)
        s = qs @ np.swapaxes(kb, -1, -2)
        if causal:
            s = np.where(np.arange(start, end)[None, :] <= q_pos, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        shift = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - shift)
        alpha = np.exp(m - shift)
        l = alpha * l + p.sum(axis=-1, keepdims=True)
        acc = alpha * acc + p @ vb
        m = m_new
    out = np.divide(acc, l, out=np.zeros_like(acc), where=l > 0)
    return out.astype(q.dtype)
