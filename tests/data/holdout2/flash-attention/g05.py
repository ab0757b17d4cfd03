import numpy as np


def _blocks(n, size):
    for lo in range(0, n, size):
        yield lo, min(lo + size, n)


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    q64 = q.astype(np.float64) / np.sqrt(d)
    row_max = np.full(q.shape[:-1] + (1,), -np.inf)
    row_sum = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    rows = np.arange(Tq)[:, None] + (Tk - Tq)
    for lo, hi in _blocks(Tk, block_size):
        s = q64 @ np.swapaxes(k[..., lo:hi, :], -1, -2).astype(np.float64)
        if causal:
            s = np.where(np.arange(lo, hi)[None, :] <= rows, s, -np.inf)
        new_max = np.maximum(row_max, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isinf(new_max), 0.0, new_max)
        p = np.exp(s - safe)
        corr = np.exp(row_max - safe)
        row_sum = row_sum * corr + p.sum(axis=-1, keepdims=True)
        acc = acc * corr + p @ v[..., lo:hi, :]
        row_max = new_max
    out = np.divide(acc, row_sum, out=np.zeros_like(acc), where=row_sum > 0)
    return out.astype(q.dtype)
