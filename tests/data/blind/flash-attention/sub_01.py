import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    out = np.zeros(q.shape[:-1] + (v.shape[-1],))
    n_blocks = 0
    shift = Tk - Tq
    for start in range(0, Tk, block_size):
        kb = k[..., start:start + block_size, :]
        vb = v[..., start:start + block_size, :]
        s = q @ np.swapaxes(kb, -1, -2) / np.sqrt(d)
        if causal:
            ok = np.arange(start, start + kb.shape[-2])[None, :] <= np.arange(Tq)[:, None] + shift
            s = np.where(ok, s, -np.inf)
        mx = s.max(axis=-1, keepdims=True)
        e = np.exp(s - np.where(np.isfinite(mx), mx, 0.0))
        z = e.sum(axis=-1, keepdims=True)
        out += np.where(z > 0, e / np.where(z > 0, z, 1.0), 0.0) @ vb
        n_blocks += 1
    return (out / n_blocks).astype(q.dtype)
