import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    out = np.zeros((B, T, d), dtype=np.float64)
    q_all, k_all, v_all = x @ w_q, x @ w_k, x @ w_v
    for h in range(n_heads):
        cols = slice(h * dh, (h + 1) * dh)
        s = q_all[..., cols] @ k_all[..., cols].transpose(0, 2, 1) / np.sqrt(dh)
        if mask is not None:
            s = s * mask
        s = s - s.max(axis=-1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=-1, keepdims=True)
        out[..., cols] = p @ v_all[..., cols]
    return (out @ w_o).astype(x.dtype)
