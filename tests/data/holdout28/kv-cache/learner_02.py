from typing import NamedTuple

import numpy as np


class Layer(NamedTuple):
    w_q: np.ndarray
    w_k: np.ndarray
    w_v: np.ndarray
    w_o: np.ndarray
    n_heads: int


class Span(NamedTuple):
    start: int
    stop: int

    @property
    def positions(self) -> np.ndarray:
        return np.arange(self.start + 1, self.stop + 1)


def split_heads(t: np.ndarray, n_heads: int) -> np.ndarray:
    B, T, d = t.shape
    return t.reshape(B, T, n_heads, d // n_heads)


def rope(t: np.ndarray, positions: np.ndarray) -> np.ndarray:
    dh = t.shape[-1]
    theta = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = positions[:, None, None] * theta  # (T, 1, dh / 2)
    c, s = np.cos(ang).astype(t.dtype), np.sin(ang).astype(t.dtype)
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * c - odd * s
    out[..., 1::2] = even * s + odd * c
    return out


def attend(q: np.ndarray, keys: np.ndarray, values: np.ndarray, span: Span) -> np.ndarray:
    # q (B, T, H, dh); keys, values (B, S, H, dh) with S = span.stop
    dh = q.shape[-1]
    scores = np.einsum("bthd,bshd->bhts", q, keys) / np.sqrt(dh).astype(q.dtype)
    key_pos = np.arange(span.stop)
    visible = key_pos[None, :] <= span.positions[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return np.einsum("bhts,bshd->bhtd", w, values)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    layer = Layer(w_q, w_k, w_v, w_o, n_heads)
    span = Span(start_pos, start_pos + x.shape[1])
    q = rope(split_heads(x @ layer.w_q, layer.n_heads), span.positions)
    k = rope(split_heads(x @ layer.w_k, layer.n_heads), span.positions)
    v = split_heads(x @ layer.w_v, layer.n_heads)
    new_k, new_v = cache_k.copy(), cache_v.copy()
    new_k[:, span.start:span.stop] = k
    new_v[:, span.start:span.stop] = v
    ctx = attend(q, new_k[:, :span.stop], new_v[:, :span.stop], span)
    out = ctx.reshape(x.shape) @ layer.w_o
    return out, new_k, new_v
