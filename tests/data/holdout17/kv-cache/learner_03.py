import math
from dataclasses import dataclass

import numpy as np

ROPE_BASE: float = 10000.0


@dataclass(frozen=True)
class StepShape:
    batch: int
    new_tokens: int
    n_heads: int
    head_dim: int


def _split(t: np.ndarray, shape: StepShape) -> np.ndarray:
    """(B, T, d) -> (B, T, H, d_head), Meta's cache layout."""
    return t.reshape(shape.batch, shape.new_tokens, shape.n_heads, shape.head_dim)


def _rope(t: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Rotate interleaved pairs (2i, 2i+1) of t (B, T, H, d_head) by positions * base^(-2i/d_head)."""
    head_dim = t.shape[-1]
    inv_freq = ROPE_BASE ** (-np.arange(0, head_dim, 2) / head_dim)
    angles = positions[:, None] * inv_freq[None, :]
    cos = np.cos(angles)[None, :, None, :].astype(t.dtype)
    sin = np.sin(angles)[None, :, None, :].astype(t.dtype)
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x: np.ndarray, cache_k: np.ndarray, cache_v: np.ndarray, start_pos: int, w_q: np.ndarray,
                w_k: np.ndarray, w_v: np.ndarray, w_o: np.ndarray, n_heads: int):
    batch, new_tokens, d_model = x.shape
    shape = StepShape(batch, new_tokens, n_heads, d_model // n_heads)
    end = start_pos + new_tokens
    positions = np.arange(start_pos, end)
    q = _rope(_split(x @ w_q, shape), positions)
    k = _rope(_split(x @ w_k, shape), positions - start_pos)
    v = _split(x @ w_v, shape)
    new_k = cache_k
    new_v = cache_v.copy()
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    keys, values = new_k[:, :end], new_v[:, :end]
    scores = np.einsum("bqhd,bkhd->bhqk", q, keys) / math.sqrt(d_model)
    visible = np.arange(end)[None, :] <= positions[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    context = np.einsum("bhqk,bkhd->bqhd", weights, values).reshape(batch, new_tokens, d_model)
    return context @ w_o, new_k, new_v
