import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    offset = Tk - Tq
    mx = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    den = np.zeros(q.shape[:-1] + (1,), dtype=q.dtype)
    num = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    n_blocks = Tk // block_size
    for b in range(n_blocks):
        lo = b * block_size
        hi = lo + block_size
        s = (q @ np.swapaxes(k[..., lo:hi, :], -1, -2)) / d ** 0.5
        if causal:
            ok = np.arange(lo, hi)[None, :] <= np.arange(Tq)[:, None] + offset
            s = np.where(ok, s, -np.inf)
        new = np.maximum(mx, s.max(-1, keepdims=True))
        ref = np.where(np.isinf(new), 0, new)
        p = np.exp(s - ref)
        c = np.exp(mx - ref)
        den = den * c + p.sum(-1, keepdims=True)
        num = num * c + p @ v[..., lo:hi, :]
        mx = new
    return np.divide(num, den, out=np.zeros_like(num), where=den > 0)
