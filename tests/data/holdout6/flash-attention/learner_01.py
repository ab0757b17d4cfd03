import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / np.sqrt(d)
    lead = q.shape[:-2]
    m = np.full(lead + (Tq, 1), -np.inf, dtype=q.dtype)
    l = np.zeros(lead + (Tq, 1), dtype=q.dtype)
    acc = np.zeros(lead + (Tq, v.shape[-1]), dtype=q.dtype)
    q_pos = np.arange(Tq)[:, None] + (Tk - Tq)
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        s = (q @ np.swapaxes(k[..., start:end, :], -1, -2)) * scale
        if causal:
            k_pos = np.arange(start, end)[None, :]
            s = np.where(k_pos <= q_pos, s, -np.inf)
        blk_max = s.max(axis=-1, keepdims=True)
        m_new = np.maximum(m, blk_max)
        # rows that have seen nothing yet keep m_new = -inf; use 0 as the shift there
        safe = np.where(np.isneginf(m_new), 0.0, m_new)
        p = np.exp(s - safe)
        alpha = np.exp(m - safe)
        l = l * alpha + p.sum(axis=-1, keepdims=True)
        acc = acc * alpha + p @ v[..., start:end, :]
        m = m_new
    out = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
