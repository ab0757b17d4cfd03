import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2])
    gain = 1.0 / np.sqrt(d)
    offset = 0                                    # bottom-right alignment
    qpos = np.arange(Tq)[:, None]
    run_max = np.full(lead + (Tq, 1), -np.inf)
    run_sum = np.zeros(lead + (Tq, 1))
    acc = np.zeros(lead + (Tq, v.shape[-1]))
    for lo in range(0, Tk, block_size):                 # stream the keys frame by frame
        hi = min(lo + block_size, Tk)
        frame = (q @ np.swapaxes(k[..., lo:hi, :], -1, -2)) * gain
        if causal:
            kpos = np.arange(hi - lo)[None, :]
            frame = np.where(kpos <= qpos + offset, frame, -np.inf)
        new_max = np.maximum(run_max, frame.max(axis=-1, keepdims=True))
        safe = np.where(np.isfinite(new_max), new_max, 0.0)
        decay = np.exp(run_max - safe)
        p = np.exp(frame - safe)
        run_sum = run_sum * decay + p.sum(axis=-1, keepdims=True)
        acc = acc + p @ v[..., lo:hi, :]
        run_max = new_max
    out = acc / np.where(run_sum > 0, run_sum, 1.0)
    return out.astype(q.dtype)
