import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    Dh = D // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, Dh).swapaxes(1, 2)
    k = (x @ w_k).reshape(B, T, n_heads, Dh).swapaxes(1, 2)
    v = (x @ w_v).reshape(B, T, n_heads, Dh).swapaxes(1, 2)
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(Dh)
    if mask is not None:
        if mask.ndim == 3:
            mask = mask[None]
        scores = np.where(mask, scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    w = np.exp(scores - top)
    z = w.sum(axis=-1, keepdims=True)
    w = w / np.maximum(z, np.finfo(w.dtype).tiny)
    out = (w @ v).swapaxes(1, 2).reshape(B, T, D)
    return (out @ w_o).astype(x.dtype)
