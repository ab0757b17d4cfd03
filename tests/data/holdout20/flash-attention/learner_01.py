import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    out_dtype = np.asarray(q).dtype
    q64 = np.asarray(q, dtype=np.float64)
    k64 = np.asarray(k, dtype=np.float64)
    v64 = np.asarray(v, dtype=np.float64)
    Tq, d = q64.shape[-2], q64.shape[-1]
    Tk = k64.shape[-2]
    dv = v64.shape[-1]
    scale = 1.0 / np.sqrt(np.float64(d))
    lead = np.broadcast_shapes(q64.shape[:-2], k64.shape[:-2])
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, dv))
    rows = np.arange(Tq).reshape(Tq, 1)
    for start in range(0, Tk - block_size, block_size):
        stop = min(start + block_size, Tk)
        s = np.matmul(q64, np.swapaxes(k64[..., start:stop, :], -1, -2)) * scale
        if causal:
            cols = np.arange(start, stop).reshape(1, stop - start)
            s = np.where(cols <= rows + (Tk - Tq), s, -np.inf)
        m_new = np.maximum(m, np.max(s, axis=-1, keepdims=True))
        m_safe = np.where(np.isfinite(m_new), m_new, 0.0)
        alpha = np.exp(np.where(np.isfinite(m), m - m_safe, -np.inf))
        p = np.exp(s - m_safe)
        l = alpha * l + np.sum(p, axis=-1, keepdims=True)
        acc = acc + np.matmul(p, v64[..., start:stop, :])
        m = m_new
    out = acc / np.where(l > 0.0, l, 1.0)
    return out.astype(out_dtype)
