import numpy as np


def rotate(x, positions):
    d = x.shape[-1]
    theta = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    angles = np.outer(positions, theta)
    c = np.cos(angles)[:, None, :]
    s = np.sin(angles)[:, None, :]
    even, odd = x[..., ::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., ::2] = even * c - odd * s
    out[..., 1::2] = even * s + odd * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    positions = np.arange(start_pos, start_pos + T)
    q = rotate((x @ w_q).reshape(B, T, n_heads, hd), positions)
    k = rotate((x @ w_k).reshape(B, T, n_heads, hd), positions)
    v = (x @ w_v).reshape(B, T, n_heads, hd)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    K = cache_k[:, :L].transpose(0, 2, 1, 3)
    V = cache_v[:, :L].transpose(0, 2, 1, 3)
    Q = q.transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hd)
    mask = np.triu(np.ones((T, L), dtype=bool), k=1)
    scores[..., mask] = -np.inf
    scores -= scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    out = (w @ V).transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
    return out.astype(x.dtype), cache_k, cache_v
