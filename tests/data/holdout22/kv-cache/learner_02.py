import math
import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    H = n_heads
    dh = d // H
    end = start_pos + T
    q = (x @ w_q).reshape(B, T, H, dh)
    k = (x @ w_k).reshape(B, T, H, dh)
    v = (x @ w_v).reshape(B, T, H, dh)
    # RoPE on interleaved pairs at absolute positions
    for t in range(T):
        pos = start_pos + t
        for i in range(dh // 2):
            ang = pos * 10000.0 ** (-2.0 * i / dh)
            c = math.cos(ang)
            s = math.sin(ang)
            q0 = q[:, t, :, 2 * i].copy()
            q1 = q[:, t, :, 2 * i + 1].copy()
            q[:, t, :, 2 * i] = q0 * c - q1 * s
            q[:, t, :, 2 * i + 1] = q0 * s + q1 * c
            k0 = k[:, t, :, 2 * i].copy()
            k1 = k[:, t, :, 2 * i + 1].copy()
            k[:, t, :, 2 * i] = k0 * c - k1 * s
            k[:, t, :, 2 * i + 1] = k0 * s + k1 * c
    new_k = cache_k
    new_v = cache_v.copy()
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    out = np.zeros((B, T, d), dtype=x.dtype)
    scale = 1.0 / math.sqrt(dh)
    for b in range(B):
        for h in range(H):
            for t in range(T):
                last = t
                s_row = np.empty(last + 1, dtype=np.float64)
                for j in range(last + 1):
                    s_row[j] = np.dot(q[b, t, h], new_k[b, j, h]) * scale
                e = np.exp(s_row - s_row.max())
                p = e / e.sum()
                out[b, t, h * dh:(h + 1) * dh] = p @ new_v[b, :last + 1, h]
    return out @ w_o, new_k, new_v
