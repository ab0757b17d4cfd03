import numpy as np


def apply_rotary(t, positions):
    half = t.shape[-1] // 2
    inv = 10000.0 ** (-2.0 * np.arange(half) / t.shape[-1])
    ang = positions[:, None] * inv[None, :]
    cos = np.cos(ang)[:, None, :]
    sin = np.sin(ang)[:, None, :]
    pairs = t.reshape(t.shape[:-1] + (half, 2))
    a, b = pairs[..., 0], pairs[..., 1]
    out = np.stack([a * cos - b * sin, a * sin + b * cos], axis=-1)
    return out.reshape(t.shape).astype(t.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, T, dim = x.shape
    head_dim = dim // n_heads
    positions = np.arange(start_pos, start_pos + T)
    xq = apply_rotary((x @ w_q).reshape(bsz, T, n_heads, head_dim), positions)
    xk = apply_rotary((x @ w_k).reshape(bsz, T, n_heads, head_dim), positions)
    xv = (x @ w_v).reshape(bsz, T, n_heads, head_dim)
    ck = np.array(cache_k, copy=True)
    cv = np.array(cache_v, copy=True)
    end = start_pos + T
    ck[:, start_pos:end] = xk
    cv[:, start_pos:end] = xv
    keys = ck[:, :end].transpose(0, 2, 1, 3)
    values = cv[:, :end].transpose(0, 2, 1, 3)
    xq = xq.transpose(0, 2, 1, 3)
    scores = xq @ keys.transpose(0, 1, 3, 2) / np.sqrt(head_dim).astype(x.dtype)
    mask = np.triu(np.ones((T, end), dtype=bool), k=1)
    scores = np.where(mask, -np.inf, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    probs = np.exp(scores)
    probs = probs / probs.sum(axis=-1, keepdims=True)
    out = (probs @ values).transpose(0, 2, 1, 3).reshape(bsz, T, dim)
    return out @ w_o, ck, cv
