import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    hd = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    outs = []
    for h in range(n_heads):
        cols = slice(h * hd, (h + 1) * hd)
        s = Q[..., cols] @ K[..., cols].swapaxes(-1, -2) / np.sqrt(hd)
        if mask is not None:
            s = np.where(mask, s, -1e9)
        top = np.max(s, axis=-1, keepdims=True)
        top = np.where(np.isfinite(top), top, 0.0)
        e = np.exp(s - top)
        tot = np.sum(e, axis=-2, keepdims=True)
        a = e / np.where(tot == 0, 1.0, tot)
        outs.append(a @ V[..., cols])
    return np.concatenate(outs, axis=-1) @ w_o
