import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = d ** -0.5
    m = np.full(q.shape[:-1], -np.inf, dtype=np.float64)
    l = np.zeros(q.shape[:-1], dtype=np.float64)
    acc = np.zeros(q.shape[:-1] + v.shape[-1:], dtype=np.float64)
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        s = np.matmul(q, np.swapaxes(k[..., start:end, :], -1, -2)).astype(np.float64) * scale
        if causal:
            kj = np.arange(start, end)[None, :]
            s = np.where(kj <= qi, s, -np.inf)
        m_blk = s.max(axis=-1)
        m_new = np.maximum(m, m_blk)
        m_ref = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - m_ref[..., None])
        c = np.exp(m - m_ref)
        l = c * l + p.sum(axis=-1)
        acc = c[..., None] * acc + p @ v[..., start:end, :]
        m = m_new
    safe_l = np.where(l > 0, l, 1.0)
    out = np.where(l[..., None] > 0, acc / safe_l[..., None], 0.0)
    return out.astype(q.dtype)
