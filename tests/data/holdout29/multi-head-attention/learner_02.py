import numpy as np
from numpy.lib.stride_tricks import as_strided


def _heads(a, n_heads):
    """(B, T, d) -> (B, H, T, d_head) as a strided view of a contiguous copy: no transpose, no reshape."""
    B, T, d = a.shape
    a = np.ascontiguousarray(a)
    s = a.itemsize
    dh = d // n_heads
    return as_strided(a, shape=(B, n_heads, T, dh), strides=(T * d * s, dh * s, dh * s, s))


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    q, k, v = (_heads(x @ w, n_heads) for w in (w_q, w_k, w_v))
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(d // n_heads).astype(x.dtype)
    if mask is not None:
        m = np.broadcast_to(mask if mask.ndim == 2 else mask[:, None], scores.shape)
        scores = np.where(m, scores, -np.inf)
    peak = np.max(scores, axis=-1, keepdims=True)
    peak = np.where(np.isneginf(peak), 0.0, peak)
    e = np.exp(scores - peak)
    z = e.sum(axis=-1, keepdims=True)
    p = e / np.where(z == 0, 1.0, z)
    heads = p @ k  # (B, H, T, dh)
    merged = as_strided(np.ascontiguousarray(heads.swapaxes(1, 2)), shape=(B, T, d),
                        strides=(T * d * x.itemsize, d * x.itemsize, x.itemsize))
    return merged @ w_o
