import numpy as np


def _rope(x, pos):
    # x (B, T, H, dh); rotate the interleaved pairs (2i, 2i+1)
    dh = x.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * inv[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(T)
    q = _rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = _rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    cache_k, cache_v = cache_k.copy(), cache_v
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(0, 2, 1, 3)  # (B, H, S, dh)
    vals = cache_v[:, :start_pos + T].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    S = start_pos + T
    allowed = np.arange(S)[None, :] <= (start_pos + np.arange(T))[:, None]
    s = np.where(allowed, s, -np.inf)
    s = np.exp(s - s.max(-1, keepdims=True))
    s /= s.sum(-1, keepdims=True)
    out = (s @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
