import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    S = (q @ np.swapaxes(k, -1, -2)) / np.sqrt(d)
    if causal:
        keep = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None] + (Tk - Tq)
        S = np.where(keep, S, -np.inf)
    m = np.full(S.shape[:-1] + (1,), -np.inf)
    l = np.zeros(S.shape[:-1] + (1,))
    acc = np.zeros(S.shape[:-1] + (v.shape[-1],))
    for j in range(0, Tk, block_size):
        blk = S[..., j:j + block_size]
        m_new = np.maximum(m, blk.max(-1, keepdims=True))
        ref = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(blk - ref)
        a = np.exp(m - ref)
        l = a * l + p.sum(-1, keepdims=True)
        acc = a * acc + p @ v[..., j:j + block_size, :]
        m = m_new
    return (acc / np.where(l > 0, l, 1.0)).astype(q.dtype)
