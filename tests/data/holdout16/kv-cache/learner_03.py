import numpy as np
from functools import partial


def _heads(t, h):
    B, T, d = t.shape
    return t.reshape(B, T, h, d // h)


def _rotate(t, pos, base=10000.0):
    half = t.shape[-1] // 2
    theta = base ** (-np.arange(half) * 2.0 / t.shape[-1])
    ang = (pos[:, None] * theta)[:, None, :]
    c, s = np.cos(ang).astype(t.dtype), np.sin(ang).astype(t.dtype)
    a, b = t[..., :half], t[..., half:]
    return np.stack([a * c - b * s, a * s + b * c], axis=-1).reshape(t.shape)


def _write(cache, new, start):
    return np.concatenate([cache[:, :start], new, cache[:, start + new.shape[1]:]], axis=1)


def _attend(q, keys, vals, q_pos, scale):
    s = np.einsum("bqhd,bkhd->bhqk", q, keys) * scale
    s = np.where(np.arange(keys.shape[1]) <= q_pos[:, None], s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p = p / p.sum(axis=-1, keepdims=True)
    return np.einsum("bhqk,bkhd->bqhd", p, vals)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    pos = np.arange(start_pos, start_pos + T)
    split = partial(_heads, h=n_heads)
    q = _rotate(split(x @ w_q), pos)
    k = _rotate(split(x @ w_k), pos)
    v = split(x @ w_v)
    new_k, new_v = _write(cache_k, k, start_pos), _write(cache_v, v, start_pos)
    scale = d ** -0.5
    o = _attend(q, new_k[:, :start_pos + T], new_v[:, :start_pos + T], pos - start_pos, scale)
    return o.reshape(B, T, d) @ w_o, new_k, new_v
