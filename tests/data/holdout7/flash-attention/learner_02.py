import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    *batch, n_q, d = q.shape
    n_k = k.shape[-2]
    dv = v.shape[-1]

    run_max = np.full((*batch, n_q), -np.inf)
    run_sum = np.zeros((*batch, n_q))
    out = np.zeros((*batch, n_q, dv))

    # causal: the last query lines up with the last key
    offset = n_q - n_k
    q_pos = np.arange(n_q)[:, None] + offset

    for b0 in range(0, n_k, block_size):
        b1 = min(b0 + block_size, n_k)
        s = q @ np.swapaxes(k[..., b0:b1, :], -1, -2) / np.sqrt(d)
        if causal:
            k_pos = np.arange(b0, b1)[None, :]
            s = np.where(k_pos <= q_pos, s, -np.inf)
        new_max = np.maximum(run_max, s.max(axis=-1))
        safe = np.where(np.isneginf(new_max), 0.0, new_max)
        p = np.exp(s - safe[..., None])
        corr = np.exp(run_max - safe)
        run_sum = run_sum * corr + p.sum(axis=-1)
        out = out * corr[..., None] + p @ v[..., b0:b1, :]
        run_max = new_max

    denom = np.where(run_sum > 0, run_sum, 1.0)
    return (out / denom[..., None]).astype(q.dtype)
