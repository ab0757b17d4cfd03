import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    offset = Tk - Tq
    run_max = np.full(q.shape[:-1], -np.inf)
    run_sum = np.zeros(q.shape[:-1])
    out = np.zeros(q.shape[:-1] + v.shape[-1:])
    qi = np.arange(Tq)
    start = 0
    while start < Tk:
        stop = min(Tk, start + block_size)
        kj = np.arange(start, stop)
        scores = np.matmul(q, np.swapaxes(k[..., start:stop, :], -2, -1)) / np.sqrt(d)
        if causal:
            scores[..., kj[None, :] > qi[:, None] + offset] = -np.inf
        new_max = np.maximum(run_max, scores.max(-1))
        ref = np.where(new_max == -np.inf, 0.0, new_max)
        w = np.exp(scores - ref[..., None])
        shrink = np.exp(ref - run_max)
        run_sum = shrink * run_sum + w.sum(-1)
        out = shrink[..., None] * out + np.matmul(w, v[..., start:stop, :])
        run_max = new_max
        start = stop
    out /= np.where(run_sum == 0, 1.0, run_sum)[..., None]
    return out.astype(q.dtype)
