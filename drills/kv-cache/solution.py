import numpy as np


def rope(x, positions, base=10000.0):
    d = x.shape[-1]
    ang = positions[:, None] * base ** (-np.arange(0, d, 2) / d)
    cos, sin = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    out = np.empty_like(x)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    dh = D // n_heads
    pos = np.arange(start_pos, start_pos + T)
    split = lambda t: t.reshape(B, T, n_heads, dh)
    q = rope(split(x @ w_q).transpose(0, 2, 1, 3), pos)            # (B, h, T, dh)
    k = rope(split(x @ w_k).transpose(0, 2, 1, 3), pos)            # keys cached after RoPE
    v = split(x @ w_v)
    cache_k, cache_v = cache_k.copy(), cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k.transpose(0, 2, 1, 3)
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = cache_k[:, :end].transpose(0, 2, 1, 3)                   # (B, h, end, dh)
    vals = cache_v[:, :end].transpose(0, 2, 1, 3)
    s = q @ keys.transpose(0, 1, 3, 2) / dh ** 0.5  # a Python float: np.sqrt(dh) would promote float32 to float64
    allowed = np.arange(end)[None, :] <= pos[:, None]               # bottom-right causal
    s = np.where(allowed, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    w = np.exp(s)
    w = w / w.sum(-1, keepdims=True)
    out = (w @ vals).transpose(0, 2, 1, 3).reshape(B, T, D) @ w_o
    return out, cache_k, cache_v
