import numpy as np


def _rope(x, pos):
    """x (B, T, H, dh); rotate pairs (2i, 2i+1) at absolute positions pos (T,)."""
    dh = x.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * inv[None, :]  # (T, dh/2)
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q = _rope(q, pos)
    k = _rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    Tk = start_pos + T
    keys = cache_k[:, :Tk].transpose(0, 2, 1, 3)  # (B, H, Tk, dh)
    vals = cache_v[:, :Tk].transpose(0, 2, 1, 3)
    qh = q.transpose(0, 2, 1, 3)  # (B, H, T, dh)
    s = qh @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    allowed = np.arange(Tk)[None, :] <= (np.arange(T)[:, None] + start_pos)
    s = np.where(allowed, s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(axis=-1, keepdims=True)
    out = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
