import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    run_max = np.full((*lead, Tq, 1), -np.inf, dtype=q.dtype)
    run_sum = np.zeros((*lead, Tq, 1), dtype=q.dtype)
    acc = np.zeros((*lead, Tq, dv), dtype=q.dtype)
    rows = np.arange(Tq)[:, None] + (Tk - Tq)  # last key each query may see
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        s = q @ np.swapaxes(k[..., j0:j1, :], -1, -2) / dv ** 0.5
        if causal:
            s = np.where(np.arange(j0, j1)[None, :] <= rows, s, -np.inf)
        new_max = np.maximum(run_max, s.max(axis=-1, keepdims=True))
        shift = np.where(np.isfinite(new_max), new_max, 0.0)
        p = np.exp(s - shift)
        corr = np.exp(run_max - shift)
        run_sum = corr * run_sum + p.sum(axis=-1, keepdims=True)
        acc = corr * acc + p @ v[..., j0:j1, :]
        run_max = new_max
    run_sum[run_sum == 0] = 1.0
    return (acc / run_sum).astype(q.dtype)
