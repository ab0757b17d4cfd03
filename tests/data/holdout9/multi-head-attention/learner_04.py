import numpy as np


def softmax(s):
    s = s - np.max(s, axis=-1, keepdims=True)
    e = np.exp(s)
    return e / np.sum(e, axis=-1, keepdims=True)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    if mask is not None and mask.ndim == 2:
        mask = np.broadcast_to(mask, (B, T, T))
    heads = []
    for i in range(n_heads):
        cols = slice(i, i + dh)
        qi, ki, vi = q[:, :, cols], k[:, :, cols], v[:, :, cols]
        s = qi @ ki.transpose(0, 2, 1) / np.sqrt(dh)
        if mask is not None:
            s = np.where(mask, s, -np.inf)
        with np.errstate(invalid="ignore"):
            w = softmax(s)
        w = np.nan_to_num(w)
        heads.append(w @ vi)
    concat = np.stack(heads, axis=-1).reshape(B, T, d)
    return (concat @ w_o).astype(x.dtype)
