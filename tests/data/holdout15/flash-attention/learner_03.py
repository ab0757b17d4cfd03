import numpy as np


def _tile_attend(qt, kt, vt, m, l, acc, scale, keep):
    s = qt @ kt.T * scale
    if keep is not None:
        s = np.where(keep, s, -np.inf)
    m_new = np.maximum(m, s.max(axis=1))
    m_use = np.where(m_new == -np.inf, 0.0, m_new)
    p = np.exp(s - m_use[:, None])
    corr = np.exp(m_use - m)
    l[:] = l * corr + p.sum(axis=1)
    acc[:] = acc * corr[:, None] + p @ vt
    m[:] = m_new


def flash_attention(q, k, v, causal=False, block_size=64):
    lead = q.shape[:-2]
    Tq, d = q.shape[-2:]
    Tk, dv = k.shape[-2], v.shape[-1]
    Q = q.reshape(-1, Tq, d)
    K = k.reshape(-1, Tk, d)
    V = v.reshape(-1, Tk, dv)
    out = np.zeros((Q.shape[0], Tq, dv), dtype=q.dtype)
    scale = 1.0 / np.sqrt(d)
    shift = Tq - Tk
    for n in range(Q.shape[0]):
        for i0 in range(0, Tq, block_size):
            i1 = min(i0 + block_size, Tq)
            m = np.full(i1 - i0, -np.inf)
            l = np.zeros(i1 - i0)
            acc = np.zeros((i1 - i0, dv))
            for j0 in range(0, Tk, block_size):
                j1 = min(j0 + block_size, Tk)
                keep = None
                if causal:
                    if j0 > i1 - 1 + shift:
                        break
                    keep = np.arange(j0, j1)[None, :] < np.arange(i0, i1)[:, None] + shift
                _tile_attend(Q[n, i0:i1], K[n, j0:j1], V[n, j0:j1], m, l, acc, scale, keep)
            for r in range(i1 - i0):
                if l[r] > 0:
                    out[n, i0 + r] = acc[r] / l[r]
    return out.reshape(lead + (Tq, dv))
