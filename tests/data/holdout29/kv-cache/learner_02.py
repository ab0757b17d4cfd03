from typing import Final, Protocol, TypeAlias

import numpy as np
from numpy.typing import NDArray

Array: TypeAlias = NDArray[np.floating]
ROPE_BASE: Final[float] = 10000.0


class Rotary(Protocol):
    def __call__(self, t: Array, positions: NDArray[np.int64]) -> Array: ...


def rope_interleaved(t: Array, positions: NDArray[np.int64]) -> Array:
    """t (B, T, H, dh): rotate the pairs (2i, 2i+1) by position * base^(-2i/dh)."""
    dh = t.shape[-1]
    inv_freq = ROPE_BASE ** (-np.arange(dh // 2) / dh)
    ang = positions[:, None] * inv_freq[None, :]  # (T, dh/2)
    cos, sin = np.cos(ang)[None, :, None, :], np.sin(ang)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


ROTATE: Final[Rotary] = rope_interleaved


def decode_step(x: Array, cache_k: Array, cache_v: Array, start_pos: int,
                w_q: Array, w_k: Array, w_v: Array, w_o: Array, n_heads: int) -> tuple[Array, Array, Array]:
    B, T, d = x.shape
    dh = d // n_heads
    positions = np.arange(start_pos, start_pos + T)
    heads = lambda a: a.reshape(B, T, n_heads, dh)  # noqa: E731  (B, T, H, dh): the cache's own layout
    q = ROTATE(heads(x @ w_q), positions)
    k = heads(x @ w_k)
    v = heads(x @ w_v)
    new_k, new_v = cache_k.copy(), cache_v.copy()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    L = start_pos + 1
    keys, values = new_k[:, :L], new_v[:, :L]  # (B, L, H, dh)
    s = np.einsum("bthd,blhd->bhtl", q, keys) / np.sqrt(dh)
    visible = np.arange(L)[None, :] <= positions[:, None]  # (T, L)
    s = np.where(visible, s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(axis=-1, keepdims=True)
    ctx = np.einsum("bhtl,blhd->bthd", p, values).reshape(B, T, d)
    out = (ctx @ w_o).astype(x.dtype)
    return out, new_k, new_v
