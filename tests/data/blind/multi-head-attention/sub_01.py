import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    outputs = []
    for h in range(n_heads):
        c = slice(h * dh, (h + 1) * dh)
        s = q[:, :, c] @ k[:, :, c].transpose(0, 2, 1) / np.sqrt(dh)
        if mask is not None:
            s = np.where(mask, s, -np.inf)
        top = s.max(axis=-1, keepdims=True)
        e = np.exp(s - np.where(np.isfinite(top), top, 0.0))
        tot = e.sum(axis=-1, keepdims=True)
        a = np.where(tot > 0, e / np.where(tot > 0, tot, 1.0), 0.0)
        outputs.append((a @ v[:, :, c]) @ w_o[c, :])
    return np.mean(outputs, axis=0).astype(x.dtype)
