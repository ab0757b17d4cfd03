import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    lead = q.shape[:-2]
    Tq, d = q.shape[-2:]
    Tk, dv = k.shape[-2], v.shape[-1]
    Q = q.reshape(-1, Tq, d)
    K = k.reshape(-1, Tk, d)
    V = v.reshape(-1, Tk, dv)
    out = np.zeros((Q.shape[0], Tq, dv), dtype=q.dtype)
    for b in range(Q.shape[0]):
        m = np.zeros(Tq)
        l = np.zeros(Tq)
        acc = np.zeros((Tq, dv))
        for s0 in range(0, Tk, block_size):
            kb, vb = K[b, s0:s0 + block_size], V[b, s0:s0 + block_size]
            s = (Q[b] @ kb.T) / np.sqrt(d)
            if causal:
                visible = np.arange(s0, s0 + len(kb))[None, :] <= np.arange(Tq)[:, None] + Tk - Tq
                s[~visible] = -np.inf
            m_blk = np.maximum(m, s.max(axis=1))
            shift = np.where(np.isfinite(m_blk), m_blk, 0.0)
            e = np.exp(s - shift[:, None])
            a = np.exp(m - shift)
            l = a * l + e.sum(axis=1)
            acc = a[:, None] * acc + e @ kb
            m = m_blk
        nz = l > 0
        out[b, nz] = acc[nz] / l[nz, None]
    return out.reshape(*lead, Tq, dv)
