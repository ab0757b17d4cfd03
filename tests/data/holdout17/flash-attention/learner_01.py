import math

import numpy as np


def _block_update(state, q, kb, vb, keep, scale):
    m, l, acc = state
    s = np.einsum("...qd,...kd->...qk", q, kb) * scale
    s = np.where(keep, s, -np.inf)
    m_new = np.maximum(m, np.max(s, axis=-1, keepdims=True))
    ref = np.where(np.isneginf(m_new), 0, m_new)
    p = np.exp(s - ref)
    corr = np.exp(m - ref)
    return m_new, corr * l + np.sum(p, axis=-1, keepdims=True), corr * acc + np.einsum("...qk,...kd->...qd", p, vb)


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / np.sqrt(q.shape[-1])
    lead = q.shape[:-1]
    state = (np.full(lead + (1,), -np.inf, q.dtype), np.zeros(lead + (1,), q.dtype), np.zeros(lead + (v.shape[-1],), q.dtype))
    rows = np.arange(Tq)[:, np.newaxis] + (Tk - Tq)
    for lo in range(0, Tk, block_size):
        cols = np.arange(lo, min(lo + block_size, Tk))[np.newaxis, :]
        keep = (cols < rows) if causal else np.ones((Tq, cols.shape[1]), dtype=bool)
        state = _block_update(state, q, k[..., lo:lo + block_size, :], v[..., lo:lo + block_size, :], keep, scale)
    m, l, acc = state
    return np.where(l > 0, acc / np.where(l > 0, l, 1), 0)
