import numpy as np


def rope(t, positions):
    d_head = t.shape[-1]
    freqs = 1.0 / 10000.0 ** (np.arange(0, d_head, 2) / d_head)
    angle = np.outer(positions, freqs)
    cos = np.cos(angle)[None, :, None, :]
    sin = np.sin(angle)[None, :, None, :]
    out = np.zeros_like(t)
    out[..., 0::2] = t[..., 0::2] * cos - t[..., 1::2] * sin
    out[..., 1::2] = t[..., 0::2] * sin + t[..., 1::2] * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    positions = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, dh), positions)
    k = rope((x @ w_k).reshape(B, T, n_heads, dh), positions)
    v = rope((x @ w_v).reshape(B, T, n_heads, dh), positions)
    ck, cv = cache_k.copy(), cache_v.copy()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    total = start_pos + T
    scores = np.einsum("bthe,bshe->bhts", q, ck[:, :total]) / np.sqrt(dh)
    scores[..., np.arange(total)[None, :] > positions[:, None]] = -np.inf
    scores -= scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    out = np.einsum("bhts,bshe->bthe", w, cv[:, :total]).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), ck, cv
