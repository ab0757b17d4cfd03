from enum import Enum, auto

import numpy as np


class Visibility(Enum):
    ALL = auto()
    NONE = auto()
    PARTIAL = auto()


def _classify(q_lo, q_hi, k_lo, k_hi, offset, causal):
    """How keys [k_lo, k_hi) look to queries [q_lo, q_hi) when query i sees keys <= i + offset."""
    if not causal or k_lo <= q_lo + offset:
        return Visibility.ALL
    if k_lo > q_hi - 1 + offset:
        return Visibility.NONE
    return Visibility.PARTIAL


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    offset = Tk - Tq  # bottom-right alignment
    scale = 1.0 / np.sqrt(d)
    m = np.full((*lead, Tq, 1), -np.inf)
    l = np.zeros((*lead, Tq, 1))
    acc = np.zeros((*lead, Tq, dv))
    rows = np.arange(Tq)[:, None]
    for start in range(0, Tk - 1, block_size):
        stop = min(start + block_size, Tk)
        match _classify(0, Tq, start, stop, offset, causal):
            case Visibility.NONE:
                continue
            case Visibility.ALL:
                s = q @ np.swapaxes(k[..., start:stop, :], -1, -2) * scale
            case Visibility.PARTIAL:
                s = q @ np.swapaxes(k[..., start:stop, :], -1, -2) * scale
                cols = np.arange(start, stop)[None, :]
                s = np.where(cols <= rows + offset, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isneginf(m_new), 0.0, m_new)
        p = np.exp(s - safe)
        corr = np.exp(m - safe)
        l = l * corr + p.sum(axis=-1, keepdims=True)
        acc = acc * corr + p @ v[..., start:stop, :] * corr
        m = m_new
    out = np.where(l > 0, acc / np.where(l > 0, l, 1.0), 0.0)
    return out.astype(q.dtype)
