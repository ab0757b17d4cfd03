import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    end = start_pos + T
    new_k = np.array(cache_k, copy=True)
    new_v = np.array(cache_v, copy=True)

    positions = np.arange(start_pos, end)
    freqs = 1.0 / 10000.0 ** (np.arange(hd // 2) * 2 / d)
    angle = np.outer(positions, freqs)
    c = np.cos(angle)[:, None, :]
    s = np.sin(angle)[:, None, :]

    def rotate(t):
        a, b = t[..., ::2], t[..., 1::2]
        r = np.zeros_like(t)
        r[..., ::2] = a * c - b * s
        r[..., 1::2] = a * s + b * c
        return r

    q = rotate((x @ w_q).reshape(B, T, n_heads, hd))
    new_k[:, start_pos:end] = rotate((x @ w_k).reshape(B, T, n_heads, hd))
    new_v[:, start_pos:end] = (x @ w_v).reshape(B, T, n_heads, hd)

    scores = np.einsum("bthe,bshe->bhts", q, new_k[:, :end]) / np.sqrt(hd).astype(x.dtype)
    key_pos = np.arange(end)
    mask = key_pos[None, :] > positions[:, None]
    scores[..., mask] = -np.inf
    scores -= scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    ctx = np.einsum("bhts,bshe->bthe", w, new_v[:, :end]).reshape(B, T, d)
    return ctx @ w_o, cache_k, cache_v
