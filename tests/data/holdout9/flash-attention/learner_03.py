import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    *batch, Tq, d = q.shape
    Tk = k.shape[-2]
    dv = v.shape[-1]
    scale = d ** -0.5
    running_max = np.zeros((*batch, Tq))
    running_sum = np.zeros((*batch, Tq))
    out = np.zeros((*batch, Tq, dv))
    offset = Tk - Tq
    rows = np.arange(Tq)
    for lo in range(0, Tk, block_size):
        hi = min(lo + block_size, Tk)
        scores = np.einsum("...qd,...kd->...qk", q, k[..., lo:hi, :]) * scale
        if causal:
            visible = np.arange(lo, hi)[None, :] <= rows[:, None] + offset
            scores = np.where(visible, scores, -np.inf)
        block_max = scores.max(axis=-1)
        new_max = np.maximum(running_max, block_max)
        ref = np.where(new_max == -np.inf, 0.0, new_max)
        probs = np.exp(scores - ref[..., None])
        rescale = np.exp(ref - running_max)
        running_sum = rescale * running_sum + probs.sum(axis=-1)
        out = rescale[..., None] * out + np.einsum("...qk,...kv->...qv", probs, v[..., lo:hi, :])
        running_max = new_max
    safe = np.where(running_sum == 0, 1.0, running_sum)
    result = np.where(running_sum[..., None] == 0, 0.0, out / safe[..., None])
    return result.astype(q.dtype)
