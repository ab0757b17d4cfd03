import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    qf = q.reshape(-1, Tq, d)
    kf = k.reshape(-1, Tk, d)
    vf = v.reshape(-1, Tk, dv)
    nb = qf.shape[0]
    out = np.zeros((nb, Tq, dv), dtype=q.dtype)           # preallocated output
    scale = 1.0 / d ** 0.5
    shift = 0                                        # bottom-right: query i sees keys <= i + shift
    for b in range(nb):                                    # batch-head 1..nb
        m = np.full((Tq, 1), -np.inf, dtype=q.dtype)       # running max per query row
        l = np.zeros((Tq, 1), dtype=q.dtype)               # running sum
        acc = np.zeros((Tq, dv), dtype=q.dtype)            # unnormalised output
        for j0 in range(0, Tk, block_size):                # key blocks 1..ceil(Tk / block_size)
            j1 = min(j0 + block_size, Tk)
            s = (qf[b] @ kf[b, j0:j1].T) * scale
            if causal:
                qi = np.arange(Tq)[:, None]
                kj = np.arange(j0, j1)[None, :]
                s = np.where(kj <= qi + shift, s, -np.inf)
            m_new = np.maximum(m, s.max(axis=1, keepdims=True))
            safe = np.where(np.isfinite(m_new), m_new, 0.0)
            p = np.exp(s - safe)
            alpha = np.exp(m - safe)
            l = l * alpha + p.sum(axis=1, keepdims=True)
            acc = acc + p @ vf[b, j0:j1]
            m = m_new
        out[b] = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.reshape(*lead, Tq, dv)
