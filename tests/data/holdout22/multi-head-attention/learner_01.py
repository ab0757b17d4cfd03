import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    dh = d // n_heads
    mat = np.stack([x @ w for w in (w_q, w_k, w_v)])                 # (3, B, T, d)
    mat = mat.reshape(3, B, T, n_heads, dh).transpose(0, 1, 3, 2, 4)  # (3, B, H, T, dh)
    q, k, v = mat
    res = q @ k.swapaxes(-1, -2) * np.sqrt(dh).astype(x.dtype)
    allowed = np.ones((T, T), bool) if mask is None else np.asarray(mask, bool)
    allowed = allowed[:, None] if allowed.ndim == 3 else allowed
    res = np.where(allowed, res, -np.inf)
    top = res.max(axis=-1, keepdims=True)
    top[np.isnan(top)] = 0.0
    wts = np.exp(res - top)
    tot = wts.sum(axis=-1, keepdims=True)
    wts = wts / np.where(tot == 0, 1.0, tot)
    res = (wts @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return res
