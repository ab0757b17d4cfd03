import numpy as np


def _rope(t, pos):
    # t (B, T, H, dh), pos (T,): rotate the interleaved pairs (2i, 2i + 1)
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None, None] * inv[None, None, :]
    cos, sin = np.cos(ang).astype(t.dtype), np.sin(ang).astype(t.dtype)
    x0, x1 = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    end = start_pos + T
    pos = np.arange(T)
    q = _rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = _rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    new_k, new_v = cache_k.copy(), cache_v.copy()
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    keys, vals = new_k[:, :end], new_v[:, :end]
    # s[b, t, j, h] = sum_c q[b, t, None, h, c] * keys[b, None, j, h, c]
    s = np.sum(q[:, :, None, :, :] * keys[:, None, :, :, :], axis=-1) / dh ** 0.5
    visible = np.arange(end)[None, :] <= pos[:, None]
    s = np.where(visible[None, :, :, None], s, -np.inf)
    s = s - np.max(s, axis=2, keepdims=True)
    w = np.exp(s)
    w = w / np.sum(w, axis=-1, keepdims=True)
    o = np.sum(w[..., None] * vals[:, None, :, :, :], axis=2)
    return o.reshape(B, T, d) @ w_o, new_k, new_v
