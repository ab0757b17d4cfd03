import numpy as np


def _heads(t, n_heads):
    b, s, d = t.shape
    if d % n_heads != 0:
        return None, f"d_model {d} is not divisible by {n_heads} heads"
    return t.reshape(b, s, n_heads, d // n_heads).transpose(0, 2, 1, 3), None


def _mask4(mask, b, s):
    if mask is None:
        return np.ones((1, 1, s, s), dtype=bool), None
    if mask.ndim == 2:
        return mask.T[None, None, :, :], None
    if mask.ndim == 3:
        return mask[:, None, :, :], None
    return None, f"mask must be (T, T) or (B, T, T), got {mask.shape}"


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    q, err = _heads(x @ w_q, n_heads)
    if err:
        raise ValueError(err)
    k, _ = _heads(x @ w_k, n_heads)
    v, _ = _heads(x @ w_v, n_heads)
    m4, err = _mask4(mask, B, T)
    if err:
        raise ValueError(err)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[1], dtype=x.dtype)
    s = np.where(m4, s, -np.inf)
    top = s.max(axis=-1, keepdims=True)
    top[~np.isfinite(top)] = 0.0
    e = np.exp(s - top)
    tot = e.sum(axis=-1, keepdims=True)
    p = e / np.maximum(tot, np.finfo(x.dtype).tiny)
    heads_out = p @ v
    concat = heads_out.transpose(0, 2, 1, 3).reshape(B, T, d)
    return concat @ w_o
