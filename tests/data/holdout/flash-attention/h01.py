import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    out_dtype = q.dtype
    q64 = np.asarray(q, dtype=np.float64)
    Tq, d = q64.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    m = np.full(lead + (Tq, 1), -np.inf)
    l = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, v.shape[-1]))
    rows = np.arange(Tq)[:, None] + (Tk - Tq)
    for s0 in range(0, Tk, block_size):
        kb = np.asarray(k[..., s0:s0 + block_size, :], dtype=np.float64)
        vb = np.asarray(v[..., s0:s0 + block_size, :], dtype=np.float64)
        sc = (q64 @ np.swapaxes(kb, -1, -2)) * scale
        if causal:
            cols = np.arange(s0, s0 + kb.shape[-2])[None, :]
            sc = np.where(cols <= rows, sc, -np.inf)
        m_new = np.maximum(m, sc.max(axis=-1, keepdims=True))
        safe = np.where(np.isneginf(m_new), 0.0, m_new)
        alpha = np.exp(m - safe)
        p = np.exp(sc - safe)
        l = l * alpha + p.sum(axis=-1, keepdims=True)
        acc = acc * alpha + p @ vb
        m = m_new
    out = np.divide(acc, l, out=np.zeros_like(acc), where=l > 0)
    return out.astype(out_dtype)
