import contextlib
import functools

import numpy as np


def returns_copies(fn):
    """The caches the wrapped step writes into are always fresh copies, never the caller's arrays."""
    @functools.wraps(fn)
    def wrapper(x, cache_k, cache_v, *rest):
        return fn(x, cache_k.copy(), cache_v.copy(), *rest)
    return wrapper


def cast_like_input(fn):
    @functools.wraps(fn)
    def wrapper(x, *rest):
        out, ck, cv = fn(x, *rest)
        return out, ck, cv
    return wrapper


@contextlib.contextmanager
def quiet_float():
    with np.errstate(over="ignore", under="ignore"):
        yield


def _rotate(t, positions):
    dh = t.shape[-1]
    theta = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = np.multiply.outer(positions, theta)[None, :, None, :]  # (1, T, 1, dh/2)
    c, s = np.cos(ang), np.sin(ang)
    r = np.empty_like(t)
    r[..., ::2] = t[..., ::2] * c - t[..., 1::2] * s
    r[..., 1::2] = t[..., 1::2] * s + t[..., ::2] * c
    return r


@cast_like_input
@returns_copies
def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(start_pos, start_pos + T)
    q = _rotate((x @ w_q).reshape(B, T, n_heads, dh), pos)
    cache_k[:, start_pos:start_pos + T] = _rotate((x @ w_k).reshape(B, T, n_heads, dh), pos)
    cache_v[:, start_pos:start_pos + T] = (x @ w_v).reshape(B, T, n_heads, dh)
    end = start_pos + T
    k = cache_k[:, :end].transpose(0, 2, 3, 1)  # (B, H, dh, end)
    v = cache_v[:, :end].transpose(0, 2, 1, 3)  # (B, H, end, dh)
    with quiet_float():
        s = q.transpose(0, 2, 1, 3) @ k / np.sqrt(dh)
        s[..., np.arange(end)[None, :] > pos[:, None]] = -np.inf
        s -= s.max(axis=-1, keepdims=True)
        w = np.exp(s)
        w /= w.sum(axis=-1, keepdims=True)
    heads = (w @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return heads @ w_o, cache_k, cache_v
