import numpy as np


def _rope(t, positions):
    # t (B, T, H, dh); pairs (2i, 2i+1)
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = positions[:, None] * inv[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    ev, od = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = ev * cos - od * sin
    out[..., 1::2] = ev * sin + od * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    positions = np.arange(start_pos, start_pos + T)
    q = _rope((x @ w_q).reshape(B, T, n_heads, hd), positions)
    k = _rope((x @ w_k).reshape(B, T, n_heads, hd), positions)
    v = _rope((x @ w_v).reshape(B, T, n_heads, hd), positions)
    new_k = cache_k.copy()
    new_v = cache_v.copy()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = new_k[:, :L].transpose(0, 2, 3, 1)  # (B, H, hd, L)
    vals = new_v[:, :L].transpose(0, 2, 1, 3)  # (B, H, L, hd)
    att = q.transpose(0, 2, 1, 3) @ keys / hd ** 0.5
    future = np.arange(L)[None, :] > positions[:, None]
    att = np.where(future, -np.inf, att)
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att /= att.sum(axis=-1, keepdims=True)
    y = (att @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return y @ w_o, new_k, new_v
