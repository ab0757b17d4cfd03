import numpy as np


def _block_logits(q, k_blk, scale):
    return np.matmul(q, np.swapaxes(k_blk, -1, -2)) * scale


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, n_q, d = q.shape
    n_k = k.shape[-2]
    scale = 1 / np.sqrt(d)
    m_run = np.full((*lead, n_q), -np.inf, dtype=q.dtype)
    lse_acc = np.zeros((*lead, n_q), dtype=q.dtype)
    out = np.zeros((*lead, n_q, v.shape[-1]), dtype=q.dtype)
    q_pos = np.arange(n_q) + (n_k - n_q)
    for lo in range(0, n_k, block_size):
        hi = min(lo + block_size, n_k)
        s = _block_logits(q, k[..., lo:hi, :], scale)
        if causal:
            s = np.where(np.arange(lo, hi) < q_pos[:, None], s, -np.inf)
        m_new = np.maximum(m_run, np.maximum.reduce(s, axis=-1))
        shift = np.where(np.isneginf(m_new), 0, m_new)
        corr = np.exp(m_run - shift)
        p = np.exp(s - shift[..., None])
        lse_acc = lse_acc * corr + p.sum(axis=-1)
        out = out * corr[..., None] + np.matmul(p, v[..., lo:hi, :])
        m_run = m_new
    return out / lse_acc[..., None]
