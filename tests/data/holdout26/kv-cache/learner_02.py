from typing import Final

import numpy as np

Array_t = np.ndarray
kRopeBase: Final[float] = 10000.0


def rope_angles(positions: Array_t, dh: int) -> Array_t:
    i: Array_t = np.arange(dh // 2, dtype=np.float64)
    theta: Array_t = kRopeBase ** (-i / dh)
    return positions.astype(np.float64)[:, None] * theta[None, :]


def rotate_pairs(t: Array_t, angles: Array_t) -> Array_t:
    c: Array_t = np.cos(angles)[None, :, None, :]
    s: Array_t = np.sin(angles)[None, :, None, :]
    a: Array_t = t[..., 0::2]
    b: Array_t = t[..., 1::2]
    r: Array_t = np.empty_like(t)
    r[..., 0::2] = a * c - b * s
    r[..., 1::2] = a * s + b * c
    return r


def heads_view(t: Array_t, n_heads: int) -> Array_t:
    bsz, seq, width = t.shape
    return t.reshape(bsz, seq, n_heads, width // n_heads)


def softmax_last(z: Array_t) -> Array_t:
    e: Array_t = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seq, width = x.shape
    dh: int = width // n_heads
    end: int = start_pos + seq
    ang: Array_t = rope_angles(np.arange(start_pos, end), dh)
    q: Array_t = rotate_pairs(heads_view(x @ w_q, n_heads), ang)
    k: Array_t = rotate_pairs(heads_view(x @ w_k, n_heads), ang)
    v: Array_t = heads_view(x @ w_v, n_heads)
    new_k: Array_t = cache_k.copy()
    new_v: Array_t = cache_v.copy()
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    kk: Array_t = new_k[:, :end].transpose(0, 2, 1, 3)
    vv: Array_t = cache_v[:, :end].transpose(0, 2, 1, 3)
    qq: Array_t = q.transpose(0, 2, 1, 3)
    z: Array_t = (qq @ kk.transpose(0, 1, 3, 2)) / np.sqrt(width)
    hidden: Array_t = np.arange(end)[None, :] > np.arange(start_pos, end)[:, None]
    z = np.where(hidden, -np.inf, z)
    ctx: Array_t = softmax_last(z) @ vv
    out: Array_t = ctx.transpose(0, 2, 1, 3).reshape(bsz, seq, width) @ w_o
    return out.astype(x.dtype), new_k, new_v
