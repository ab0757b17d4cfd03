import numpy as np

LOG2E = 0.6931471805599453


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    qs = q.astype(np.float64) * (LOG2E / np.sqrt(d))
    m = np.full((*lead, Tq), -np.inf)
    l = np.zeros((*lead, Tq))
    acc = np.zeros((*lead, Tq, v.shape[-1]))
    offset = Tk - Tq
    for j in range(0, Tk, block_size):
        kb = k[..., j:j + block_size, :]
        s = qs @ np.swapaxes(kb, -1, -2)
        if causal:
            visible = np.arange(j, j + kb.shape[-2])[None, :] <= np.arange(Tq)[:, None] + offset
            s = np.where(visible, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1))
        ref = np.where(m_new == -np.inf, 0.0, m_new)
        p = np.exp2(s - ref[..., None])
        scale_old = np.exp2(m - ref)
        l = l * scale_old + p.sum(axis=-1)
        acc = acc * scale_old[..., None] + p @ v[..., j:j + block_size, :]
        m = s.max(axis=-1)
    l = np.where(l == 0, 1.0, l)
    return (acc / l[..., None]).astype(q.dtype)
