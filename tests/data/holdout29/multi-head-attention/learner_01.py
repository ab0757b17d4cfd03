from enum import Enum

import numpy as np


class MaskKind(Enum):
    NONE = 0
    SHARED = 2  # (T, T)
    PER_BATCH = 3  # (B, T, T)


def _kind(mask):
    if mask is None:
        return MaskKind.NONE
    return MaskKind(np.ndim(mask))


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    split = lambda a: a.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)  # noqa: E731
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = (q @ k.transpose(0, 1, 3, 2)) / np.sqrt(dh).astype(x.dtype)
    match _kind(mask):
        case MaskKind.NONE:
            allowed = np.tril(np.ones((1, 1, T, T), dtype=bool))
        case MaskKind.SHARED:
            allowed = mask[None, None]
        case MaskKind.PER_BATCH:
            allowed = mask[:, None]
    s = np.where(allowed, s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m[~np.isfinite(m)] = 0
    w = np.exp(s - m)
    w /= np.maximum(w.sum(axis=-1, keepdims=True), np.finfo(x.dtype).tiny)
    o = (w @ v).transpose(0, 2, 3, 1).reshape(B, T, d)
    return o @ w_o
