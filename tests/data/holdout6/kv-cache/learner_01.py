import numpy as np


def rope_interleaved(x, positions, base=10000.0):
    # x (B, T, H, dh); rotate pairs (2i, 2i+1) by positions * theta_i
    dh = x.shape[-1]
    theta = base ** (-np.arange(0, dh, 2) / dh)
    ang = positions[:, None] * theta[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q = rope_interleaved(q, pos)
    k = rope_interleaved(k, pos)

    new_k = cache_k.copy()
    new_v = cache_v.copy()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    n_keys = start_pos + T
    keys = new_k[:, :n_keys].transpose(0, 2, 1, 3)     # (B, H, S, dh)
    vals = new_v[:, :n_keys].transpose(0, 2, 1, 3)
    qh = q.transpose(0, 2, 1, 3)                       # (B, H, T, dh)

    scores = qh @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    qpos = pos[:, None]
    kpos = np.arange(n_keys)[None, :]
    scores = np.where(kpos <= qpos, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    ctx = (w @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    out = (ctx @ w_o).astype(x.dtype)
    return out, new_k, new_v
