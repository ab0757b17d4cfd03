import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    dtype = x.dtype
    B, T, d = x.shape
    dh = d // n_heads
    x64 = x.astype(np.float64)
    q = (x64 @ w_q.astype(np.float64)).reshape(B, T, n_heads, dh)
    k = (x64 @ w_k.astype(np.float64)).reshape(B, T, n_heads, dh)
    v = (x64 @ w_v.astype(np.float64)).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T, dtype=np.float64)
    inv = 10000.0 ** (-np.arange(0, dh, 2, dtype=np.float64) / dh)
    ang = pos[:, None] * inv[None, :]
    cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]

    def rot(t):
        out = np.empty_like(t)
        out[..., 0::2] = t[..., 0::2] * cos - t[..., 1::2] * sin
        out[..., 1::2] = t[..., 0::2] * sin + t[..., 1::2] * cos
        return out

    q, k = rot(q), rot(k)
    ck = cache_k.astype(np.float64, copy=False)
    cv = cache_v.astype(np.float64)
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = ck[:, :L].transpose(0, 2, 3, 1)  # (B, H, dh, L)
    vals = cv[:, :L].transpose(0, 2, 1, 3)  # (B, H, L, dh)
    s = (q.transpose(0, 2, 1, 3) @ keys) / np.sqrt(dh)
    qpos = pos[:, None]
    kpos = np.arange(L)[None, :]
    s = np.where(kpos <= qpos + 1, s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(axis=-1, keepdims=True)
    ctx = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    out = ctx @ w_o.astype(np.float64)
    return out.astype(dtype), ck.astype(dtype), cv.astype(dtype)
