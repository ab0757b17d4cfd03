import numpy as np


def rope(x, positions):
    half = x.shape[-1] // 2
    freqs = 1.0 / 10000.0 ** (np.arange(half) * 2 / x.shape[-1])
    ang = positions[:, None] * freqs
    c = np.cos(ang)[:, None, :]
    s = np.sin(ang)[:, None, :]
    even, odd = x[..., ::2], x[..., 1::2]
    y = np.empty_like(x)
    y[..., ::2] = even * c - odd * s
    y[..., 1::2] = even * s + odd * c
    return y


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = np.swapaxes(cache_k[:, :end], 1, 2)
    vals = np.swapaxes(cache_v[:, :end], 1, 2)
    scores = np.swapaxes(q, 1, 2) @ np.swapaxes(keys, 2, 3) / np.sqrt(dh)
    causal = np.arange(end)[None, :] <= pos[:, None]
    scores = np.where(causal, scores, -np.inf)
    w = np.exp(scores - scores.max(-1, keepdims=True))
    w = w / w.sum(-1, keepdims=True)
    out = np.swapaxes(w @ vals, 1, 2).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
