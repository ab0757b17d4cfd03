import numpy as np


def flash_attention(q, k, v, causal=True, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / np.sqrt(block_size)
    mx = np.full(q.shape[:-1], -np.inf)
    den = np.zeros(q.shape[:-1])
    num = np.zeros(q.shape[:-1] + v.shape[-1:])
    visible_upto = np.arange(Tq) + (Tk - Tq)
    for lo in range(0, Tk, block_size):
        hi = min(lo + block_size, Tk)
        s = np.matmul(q, np.swapaxes(k[..., lo:hi, :], -1, -2)) * scale
        if causal:
            s[..., np.arange(lo, hi)[None, :] > visible_upto[:, None]] = -np.inf
        new = np.maximum(mx, s.max(-1))
        safe = np.where(np.isneginf(new), 0.0, new)
        e = np.exp(s - safe[..., None])
        r = np.exp(mx - safe)
        den = den * r + e.sum(-1)
        num = num * r[..., None] + np.matmul(e, v[..., lo:hi, :])
        mx = new
    den = np.where(den == 0.0, 1.0, den)
    return (num / den[..., None]).astype(q.dtype)
