import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = d ** -0.5
    run_max = np.full(q.shape[:-1], -np.inf)
    run_sum = np.zeros(q.shape[:-1])
    acc = np.zeros(q.shape[:-1] + (v.shape[-1],))
    shift = Tk - Tq
    for b0 in range(0, Tk, block_size):
        b1 = min(b0 + block_size, Tk)
        s = np.einsum("...qd,...kd->...qk", q, k[..., b0:b1, :]) * scale
        if causal:
            hidden = np.arange(b0, b1)[None, :] > np.arange(Tq)[:, None] + shift
            s = np.where(hidden, -np.inf, s)
        blk_max = s.max(axis=-1)
        new_max = np.maximum(run_max, blk_max)
        ref = np.where(np.isfinite(new_max), new_max, 0.0)
        p = np.exp(s - ref[..., None])
        c = np.exp(run_max - ref)
        run_sum = c * run_sum + p.sum(axis=-1)
        acc = c[..., None] * acc + np.einsum("...qk,...kd->...qd", p, v[..., b0:b1, :])
        run_max = new_max
    run_sum = np.where(run_sum > 0, run_sum, 1.0)
    out = acc / run_sum
    return out.astype(q.dtype)
