import numpy as np


def _softmax_rows(s):
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0.0, m)
    e = np.exp(s - m)
    z = e.sum(axis=-1, keepdims=True)
    return e / np.where(z == 0, 1.0, z)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    if mask is not None and mask.ndim == 2:
        mask = mask[None]
    heads = []
    for h in range(n_heads):
        cols = slice(h * dh, (h + 1) * dh)
        s = Q[:, :, cols] @ K[:, :, cols].transpose(0, 2, 1) / np.sqrt(dh)
        if mask is not None:
            s = np.where(mask, s, -np.inf)
        heads.append(_softmax_rows(s) @ V[:, :, cols])
    return (np.concatenate(heads, axis=-1) @ w_o).astype(x.dtype)
