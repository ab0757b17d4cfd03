import numpy as np


def rotate(x, positions):
    """interleaved RoPE on (B, T, H, hd) at the given absolute positions"""
    hd = x.shape[-1]
    i = np.arange(hd // 2)
    theta = 10000.0 ** (-2.0 * i / hd)
    angles = np.outer(positions, theta)  # (T, hd/2)
    c = np.cos(angles)[None, :, None, :]
    s = np.sin(angles)[None, :, None, :]
    even = x[..., ::2]
    odd = x[..., 1::2]
    res = np.empty_like(x)
    res[..., ::2] = even * c - odd * s
    res[..., 1::2] = even * s + odd * c
    return res


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    hd = D // n_heads
    pos = np.arange(start_pos, start_pos + T)

    q = rotate((x @ w_q).reshape(B, T, n_heads, hd), pos)
    k = rotate((x @ w_k).reshape(B, T, n_heads, hd), pos)
    v = (x @ w_v).reshape(B, T, n_heads, hd)

    ck = cache_k.copy()
    cv = cache_v.copy()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v

    end = start_pos + T - 1  # last filled position
    K = ck[:, :end].transpose(0, 2, 1, 3)  # (B, H, L, hd)
    V = cv[:, :end].transpose(0, 2, 1, 3)
    Q = q.transpose(0, 2, 1, 3)

    att = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hd)
    causal = np.arange(end)[None, :] <= pos[:, None]
    att = np.where(causal, att, -np.inf)
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att = att / att.sum(axis=-1, keepdims=True)

    y = (att @ V).transpose(0, 2, 1, 3).reshape(B, T, D)
    return (y @ w_o).astype(x.dtype), ck, cv
