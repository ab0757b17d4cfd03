import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk, d = q.shape[-2], k.shape[-2], q.shape[-1]
    m_i = np.full(q.shape[:-1] + (1,), -np.inf)
    l_i = np.zeros(q.shape[:-1] + (1,))
    o_i = np.zeros(q.shape[:-1] + (v.shape[-1],))
    rows = np.arange(Tq).reshape(-1, 1)
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        S = q @ np.swapaxes(k[..., start:stop, :], -1, -2) / np.sqrt(d)
        if causal:
            cols = np.arange(stop - start).reshape(1, -1)
            S = np.where(cols <= rows + Tk - Tq, S, -np.inf)
        m_new = np.maximum(m_i, S.max(axis=-1, keepdims=True))
        m_ok = np.where(m_new == -np.inf, 0.0, m_new)
        P = np.exp(S - m_ok)
        scale_old = np.exp(m_i - m_ok)
        l_i = l_i * scale_old + P.sum(axis=-1, keepdims=True)
        o_i = o_i * scale_old + P @ v[..., start:stop, :]
        m_i = m_new
    out = np.divide(o_i, l_i, out=np.zeros_like(o_i), where=l_i > 0)
    return out.astype(q.dtype)
