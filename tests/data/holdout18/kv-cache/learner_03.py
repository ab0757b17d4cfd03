import numpy as np


def _rope(x, pos, base=10000.0):
    d_head = x.shape[-1]                                            # x (B, T, h, d_head), pos (T,)
    theta = base ** (-np.arange(0, d_head, 2) / d_head)            # theta_i = base^(-2i/d)
    phi = pos[:, None] * theta[None, :]                            # phi = m * theta_i, (T, d/2)
    cos, sin = np.cos(phi)[None, :, None, :], np.sin(phi)[None, :, None, :]
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    d_head = d // n_heads
    pos = np.arange(T)                       # absolute positions m
    Q = _rope((x @ w_q).reshape(B, T, n_heads, d_head), pos)
    K = _rope((x @ w_k).reshape(B, T, n_heads, d_head), pos)
    V = (x @ w_v).reshape(B, T, n_heads, d_head)
    cache_k, cache_v = cache_k.copy(), cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = K
    cache_v[:, start_pos:start_pos + T] = V
    T_k = start_pos + T
    K_all = cache_k[:, :T_k].transpose(0, 2, 1, 3)                  # (B, h, T_k, d_head)
    V_all = cache_v[:, :T_k].transpose(0, 2, 1, 3)
    Q = Q.transpose(0, 2, 1, 3)                                     # (B, h, T, d_head)
    S = Q @ K_all.transpose(0, 1, 3, 2) / np.sqrt(d).astype(x.dtype)
    visible = np.arange(T_k)[None, :] <= np.arange(T)[:, None]
    S = np.where(visible, S, -np.inf)
    S = S - S.max(axis=-1, keepdims=True)
    A = np.exp(S)
    A = A / A.sum(axis=-1, keepdims=True)
    O = (A @ V_all).transpose(0, 2, 1, 3).reshape(B, T, d)
    return O @ w_o, cache_k, cache_v
