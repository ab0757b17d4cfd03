import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    m = np.full(q.shape[:-1] + (1,), -np.inf)
    l = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    q_pos = np.arange(Tq)[:, None] + Tk - Tq
    n_blocks = Tk // block_size
    for b in range(max(n_blocks, 1)):
        lo, hi = b * block_size, min((b + 1) * block_size, Tk)
        s = (q @ np.swapaxes(k[..., lo:hi, :], -1, -2)).astype(np.float64) * scale
        if causal:
            k_pos = np.arange(lo, hi)[None, :]
            s = np.where(k_pos <= q_pos, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        shift = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - shift)
        corr = np.exp(m - shift)
        l = l * corr + p.sum(axis=-1, keepdims=True)
        acc = acc * corr + p @ v[..., lo:hi, :].astype(np.float64)
        m = m_new
    out = np.divide(acc, l, out=np.zeros_like(acc), where=l > 0)
    return out.astype(q.dtype)
