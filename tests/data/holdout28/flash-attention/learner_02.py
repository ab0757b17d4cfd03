import numpy as np


def _scale(q):
    return np.asarray(1.0 / np.sqrt(q.shape[-1]), dtype=q.dtype)


def _visible(j0, j1, Tq, Tk):
    rows = np.arange(Tq)[:, None]
    cols = np.arange(j1 - j0)[None, :]
    return cols <= rows + (Tk - Tq)


def _safe(m):
    return np.where(np.isneginf(m), 0.0, m)


def _state(q, dv):
    lead = q.shape[:-1]
    m = np.full(lead + (1,), -np.inf, dtype=q.dtype)
    return m, np.zeros_like(m), np.zeros(lead + (dv,), dtype=q.dtype)


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    m, l, acc = _state(q, v.shape[-1])
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        s = q @ np.swapaxes(k[..., j0:j1, :], -1, -2) * _scale(q)
        if causal:
            s = np.where(_visible(j0, j1, Tq, Tk), s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        p = np.exp(s - _safe(m_new))
        alpha = np.exp(m - _safe(m_new))
        l = alpha * l + p.sum(axis=-1, keepdims=True)
        acc = alpha * acc + p @ v[..., j0:j1, :]
        m = s.max(axis=-1, keepdims=True)
    return np.where(l > 0, acc / np.where(l > 0, l, 1), 0).astype(q.dtype)
