import numpy as np

LOG2E = 1.4426950408889634


def flash_attention(q, k, v, causal=False, block_size=64):
    lead = q.shape[:-2]
    Tq, d = q.shape[-2:]
    Tk, dv = k.shape[-2], v.shape[-1]
    Q = q.reshape(-1, Tq, d).astype(np.float64)
    K = k.reshape(-1, Tk, d).astype(np.float64)
    V = v.reshape(-1, Tk, dv).astype(np.float64)
    out = np.zeros((Q.shape[0], Tq, dv))
    c = 1.0 / np.sqrt(d)
    for b in range(Q.shape[0]):
        m = np.full(Tq, -np.inf)
        l = np.zeros(Tq)
        acc = np.zeros((Tq, dv))
        for j in range(0, Tk, block_size):
            s = Q[b] @ K[b, j:j + block_size].T * c
            if causal:
                visible = np.arange(j, j + s.shape[1])[None, :] <= np.arange(Tq)[:, None] + Tk - Tq
                s[~visible] = -np.inf
            m_new = np.maximum(m, s.max(axis=1))
            ref = np.where(m_new == -np.inf, 0.0, m_new)
            p = np.exp2(s - ref[:, None])
            r = np.exp2(m - ref)
            l = r * l + p.sum(axis=1)
            acc = r[:, None] * acc + p @ V[b, j:j + block_size]
            m = m_new
        nz = l > 0
        out[b, nz] = acc[nz] / l[nz, None]
    return out.reshape(*lead, Tq, dv).astype(q.dtype)
