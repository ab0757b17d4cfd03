import numpy as np


def _rope64(t, pos):
    dh = t.shape[-1]
    half = np.arange(0, dh, 2, dtype=np.float64)
    theta = np.power(10000.0, -half / dh)
    ang = pos.astype(np.float64)[:, None] * theta[None, :]
    c = np.cos(ang)[None, :, None, :]
    s = np.sin(ang)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * c - odd * s
    out[..., 1::2] = even * s + odd * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    dtype = x.dtype
    B, T, d = x.shape
    dh = d // n_heads
    x64 = x.astype(np.float64)
    pos = np.arange(start_pos, start_pos + T)
    q = _rope64((x64 @ w_q.astype(np.float64)).reshape(B, T, n_heads, dh), pos)
    k = _rope64((x64 @ w_k.astype(np.float64)).reshape(B, T, n_heads, dh), pos)
    v = (x64 @ w_v.astype(np.float64)).reshape(B, T, n_heads, dh)
    new_k = np.array(cache_k, dtype=cache_k.dtype, copy=True)
    new_v = np.array(cache_v, dtype=cache_v.dtype, copy=True)
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = k
    end = start_pos + T
    keys = new_k[:, :end].astype(np.float64).transpose(0, 2, 1, 3)
    vals = new_v[:, :end].astype(np.float64).transpose(0, 2, 1, 3)
    qh = q.transpose(0, 2, 1, 3)
    scores = np.matmul(qh, keys.transpose(0, 1, 3, 2)) / np.sqrt(np.float64(d))
    allowed = np.arange(end)[None, :] <= pos[:, None]
    scores = np.where(allowed, scores, -np.inf)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / np.sum(w, axis=-1, keepdims=True)
    o = np.matmul(w, vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    out = o @ w_o.astype(np.float64)
    return out.astype(dtype), new_k, new_v
