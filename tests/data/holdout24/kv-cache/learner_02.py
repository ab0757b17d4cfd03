import numpy as np


def _rotate(t, pos):
    # t (B, T, H, dh): interleaved pairs turned by pos * theta_i, like a bank of oscillators
    dh = t.shape[-1]
    theta = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    phase = pos[:, None] * theta[None, :]                # (T, dh/2)
    c = np.cos(phase)[None, :, None, :]
    s = np.sin(phase)[None, :, None, :]
    re, im = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = re * c - im * s
    out[..., 1::2] = re * s + im * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(T)
    q = _rotate((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = _rotate((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    buf_k = cache_k
    buf_v = cache_v.copy()
    buf_k[:, start_pos:start_pos + T] = k
    buf_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    K = buf_k[:, :end].transpose(0, 2, 1, 3)             # (B, H, end, dh)
    V = buf_v[:, :end].transpose(0, 2, 1, 3)
    Q = q.transpose(0, 2, 1, 3)                          # (B, H, T, dh)
    score = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(dh)
    live = np.arange(end)[None, :] <= pos[:, None]       # key j is visible to the query at pos
    score = np.where(live, score, -np.inf)
    score = score - score.max(axis=-1, keepdims=True)
    w = np.exp(score)
    w /= w.sum(axis=-1, keepdims=True)
    ctx = (w @ V).reshape(B, T, d)
    return (ctx @ w_o).astype(x.dtype), buf_k, buf_v
