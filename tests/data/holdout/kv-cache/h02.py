import numpy as np


def rotate(t, pos):
    dh = t.shape[-1]
    freq = 1.0 / (10000.0 ** (np.arange(0, dh, 2) / dh))
    ang = np.outer(pos, freq)[None, :, None, :]
    ev, od = t[..., ::2], t[..., 1::2]
    r = np.empty_like(t)
    r[..., ::2] = ev * np.cos(ang) - od * np.sin(ang)
    r[..., 1::2] = ev * np.sin(ang) + od * np.cos(ang)
    return r


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    H = n_heads
    E = D // H
    pos = np.arange(start_pos, start_pos + T)
    q = rotate((x @ w_q).reshape(B, T, H, E), pos)
    k = rotate((x @ w_k).reshape(B, T, H, E), pos)
    v = (x @ w_v).reshape(B, T, H, E)
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    K = cache_k[:, :start_pos + T].transpose(0, 2, 1, 3)
    V = cache_v[:, :start_pos + T].transpose(0, 2, 1, 3)
    Q = q.transpose(0, 2, 1, 3)
    s = Q @ K.transpose(0, 1, 3, 2) / E ** 0.5
    qpos = pos[:, None]
    kpos = np.arange(start_pos + T)[None, :]
    s = np.where(kpos <= qpos, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(-1, keepdims=True)
    o = (p @ V).transpose(0, 2, 1, 3).reshape(B, T, D)
    return o @ w_o, cache_k, cache_v
