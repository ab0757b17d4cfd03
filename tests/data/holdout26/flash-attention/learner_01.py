import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    out_dtype = q.dtype
    q64 = np.asarray(q, dtype=np.float64)
    k64 = np.asarray(k, dtype=np.float64)
    v64 = np.asarray(v, dtype=np.float64)
    Tq, d = q64.shape[-2], q64.shape[-1]
    Tk = k64.shape[-2]
    q64 = q64 / d
    m = np.full(q64.shape[:-1], -np.inf)
    l = np.zeros(q64.shape[:-1])
    acc = np.zeros(q64.shape[:-1] + (v64.shape[-1],))
    limit = np.arange(Tq) + (Tk - Tq)
    for lo in range(0, Tk, block_size):
        hi = min(lo + block_size, Tk)
        s = np.matmul(q64, np.swapaxes(k64[..., lo:hi, :], -1, -2))
        if causal:
            s = np.where(np.arange(lo, hi)[None, :] <= limit[:, None], s, -np.inf)
        m_new = np.maximum(m, np.max(s, axis=-1))
        m_use = np.where(np.isneginf(m_new), 0.0, m_new)
        alpha = np.exp(m - m_use)
        p = np.exp(s - m_use[..., None])
        l = l + np.sum(p, axis=-1)
        acc = alpha[..., None] * acc + np.matmul(p, v64[..., lo:hi, :])
        m = m_new
    safe_l = np.where(l > 0, l, 1.0)
    out = np.where((l > 0)[..., None], acc / safe_l[..., None], 0.0)
    return out
