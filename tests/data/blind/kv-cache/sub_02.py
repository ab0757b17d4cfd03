import numpy as np


def rope(t, pos):
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    z = (t[..., ::2] + 1j * t[..., 1::2]) * np.exp(1j * np.outer(pos, inv))[None, :, None, :]
    return np.stack([z.real, z.imag], axis=-1).reshape(t.shape).astype(t.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    k_all = np.concatenate([cache_k[:, :start_pos], k], axis=1)
    v_all = np.concatenate([cache_v[:, :start_pos], v], axis=1)
    scores = np.einsum("bqhd,bkhd->bhqk", q, k_all) / np.sqrt(dh)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    out = np.einsum("bhqk,bkhd->bqhd", w, v_all).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
