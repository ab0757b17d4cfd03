import numpy as np


def _block_scores(q, k_blk, scale):
    s = np.matmul(q, np.swapaxes(k_blk, -1, -2)) * scale
    assert s.shape[-1] == k_blk.shape[-2]
    return s


def _causal_keep(tq, tk, start, stop):
    rows = np.arange(tq)[:, None]
    cols = np.arange(start, stop)[None, :]
    keep = cols <= rows + (tk - tq)
    return keep, bool(keep.any())


def _merge(state, s, v_blk):
    m, l, acc = state
    m_new = np.maximum(m, s.max(axis=-1, keepdims=True))
    shift = np.where(np.isneginf(m_new), 0.0, m_new)
    p = np.exp(s - shift)
    corr = np.exp(m - shift)
    l_new = corr * l + p.sum(axis=-1, keepdims=True)
    acc_new = corr * acc + np.matmul(p, v_blk)
    return m_new, l_new, acc_new


def flash_attention(q, k, v, causal=False, block_size=64):
    tq, d = q.shape[-2:]
    tk = k.shape[-2]
    assert k.shape[-1] == d and v.shape[-2] == tk
    dtype = np.result_type(q.dtype, k.dtype, v.dtype)
    scale = dtype.type(1.0 / np.sqrt(d))
    blk = max(int(block_size), tk)
    lead = q.shape[:-2]
    state = (np.full(lead + (tq, 1), -np.inf, dtype), np.zeros(lead + (tq, 1), dtype), np.zeros(lead + (tq, v.shape[-1]), dtype))
    for start in range(0, tk, blk):
        stop = min(start + blk, tk)
        s = _block_scores(q, k[..., start:stop, :], scale)
        if causal:
            keep, _ = _causal_keep(tq, tk, start, stop)
            s = np.where(keep, s, -np.inf)
        state = _merge(state, s, v[..., start:stop, :])
    _, acc, l = state
    out = acc / np.where(l > 0, l, 1)
    return out.astype(q.dtype)
