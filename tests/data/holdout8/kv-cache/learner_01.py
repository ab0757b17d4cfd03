import numpy as np


def rope(x, positions):
    d = x.shape[-1]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    ang = positions[:, None] * theta[None, :]
    cos = np.cos(ang)[:, None, :]
    sin = np.sin(ang)[:, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q = rope(q, pos)
    k = rope(k, pos)
    cache_k, cache_v = np.asarray(cache_k), np.asarray(cache_v)
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = cache_k[:, :L].transpose(0, 2, 1, 3)
    vals = cache_v[:, :L].transpose(0, 2, 1, 3)
    qh = q.transpose(0, 2, 1, 3)
    scores = qh @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    mask = np.arange(L)[None, :] <= (start_pos + np.arange(T))[:, None]
    scores = np.where(mask, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    out = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
