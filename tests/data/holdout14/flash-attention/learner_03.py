import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    n_q, d = q.shape[-2:]
    n_k = k.shape[-2]
    q_scaled = q * (d ** -0.5)
    m_i = np.full(q.shape[:-1], -np.inf, dtype=np.float64)
    l_i = np.zeros(q.shape[:-1], dtype=np.float64)
    o_i = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=np.float64)
    offset = n_k - n_q
    rows = np.arange(n_q)
    for lo in range(0, n_k, block_size):
        hi = min(lo + block_size, n_k)
        s_ij = np.einsum("...id,...jd->...ij", q_scaled, k[..., lo:hi, :])
        if causal:
            visible = np.arange(lo, hi)[None, :] < rows[:, None] + offset
            s_ij = np.where(visible, s_ij, -np.inf)
        m_blk = s_ij.max(axis=-1)
        m_new = np.maximum(m_i, m_blk)
        m_ref = np.where(m_new == -np.inf, 0.0, m_new)
        p_ij = np.exp(s_ij - m_ref[..., None])
        scale_old = np.exp(m_i - m_ref)
        l_i = scale_old * l_i + p_ij.sum(axis=-1)
        o_i = scale_old[..., None] * o_i + np.einsum("...ij,...jd->...id", p_ij, v[..., lo:hi, :])
        m_i = m_new
    l_safe = np.where(l_i == 0.0, 1.0, l_i)
    return (o_i / l_safe[..., None]).astype(q.dtype)
