import numpy as np


def dot_rows(a, b):
    return a @ np.swapaxes(b, -1, -2)


def fade_factor(old_peak, new_peak):
    return np.exp(old_peak - new_peak)


def flash_attention(q, k, v, causal=False, block_size=64):
    """Stream the key chunks like a level loader: keep a running peak, sum and colour per query."""
    dtype = q.dtype
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = np.full(q.shape[:-1] + (1,), -np.inf)
    run_sum = np.zeros(q.shape[:-1] + (1,))
    colour = np.zeros(q.shape[:-1] + (v.shape[-1],))
    qi = np.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        s = dot_rows(q, k[..., start:stop, :]) * scale
        if causal:
            kj = np.arange(start, stop)[None, :]
            s = np.where(kj <= qi, s, -np.inf)
        new_max = np.maximum(run_max, s.max(axis=-1, keepdims=True))
        safe_max = np.where(np.isfinite(new_max), new_max, 0.0)
        p = np.exp(s - safe_max)
        fade = fade_factor(np.where(np.isfinite(run_max), run_max, 0.0), safe_max)
        run_sum = run_sum * fade + p.sum(axis=-1, keepdims=True)
        colour = colour + p @ v[..., start:stop, :]
        run_max = new_max
    out = np.where(run_sum > 0, colour / np.where(run_sum > 0, run_sum, 1.0), 0.0)
    return out.astype(dtype)
