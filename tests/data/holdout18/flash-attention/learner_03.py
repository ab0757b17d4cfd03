import numpy as np
from typing import NamedTuple


class FlashShape(NamedTuple):
    lead: tuple
    tq: int
    tk: int
    d: int
    dv: int


def flash_attention(q, k, v, causal=False, block_size=64):
    assert q.ndim >= 2 and k.ndim == q.ndim and v.ndim == q.ndim, "q, k, v must share a rank"
    assert q.shape[-1] == k.shape[-1] and k.shape[-2] == v.shape[-2], "inconsistent shapes"
    assert isinstance(block_size, int) and block_size >= 1, "block_size must be a positive int"
    sh = FlashShape(q.shape[:-2], q.shape[-2], k.shape[-2], q.shape[-1], v.shape[-1])
    dt = q.dtype
    scale = dt.type(1.0 / np.sqrt(sh.d))
    q_s = np.multiply(q, scale, out=q)
    run_max = np.full(sh.lead + (sh.tq, 1), -np.inf, dtype=dt)
    run_sum = np.zeros(sh.lead + (sh.tq, 1), dtype=dt)
    acc = np.zeros(sh.lead + (sh.tq, sh.dv), dtype=dt)
    last_key = np.arange(sh.tq)[:, None] + (sh.tk - sh.tq)
    start = 0
    while start < sh.tk:
        stop = min(start + block_size, sh.tk)
        s = np.matmul(q_s, np.swapaxes(k[..., start:stop, :], -1, -2))
        if causal:
            visible = np.arange(start, stop)[None, :] <= last_key
            s = np.where(np.broadcast_to(visible, s.shape), s, -np.inf)
        new_max = np.maximum(run_max, s.max(axis=-1, keepdims=True))
        ref_max = np.where(np.isneginf(new_max), np.zeros_like(new_max), new_max)
        p = np.exp(s - ref_max)
        corr = np.exp(run_max - ref_max)
        run_sum = corr * run_sum + p.sum(axis=-1, keepdims=True)
        acc = corr * acc + np.matmul(p, v[..., start:stop, :])
        run_max = new_max
        start = stop + 1
    denom = np.where(run_sum > 0, run_sum, np.ones_like(run_sum))
    return acc / denom
