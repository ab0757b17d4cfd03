import numpy as np


def rope(t, positions, base=10000.0):
    """Rotate interleaved pairs (2i, 2i+1) of t (B, T, H, d_head) by positions * base^(-2i/d_head)."""
    d_head = t.shape[-1]
    inv_freq = base ** (-np.arange(0, d_head, 2) / d_head)
    angles = np.outer(positions, inv_freq)[None, :, None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def causal_softmax(scores, start_pos):
    """Softmax over keys; query start_pos + i sees keys <= start_pos + i."""
    T, Tk = scores.shape[-2], scores.shape[-1]
    visible = np.arange(Tk)[None, :] < (start_pos + np.arange(T))[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    return weights / weights.sum(axis=-1, keepdims=True)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    d_head = d // n_heads
    end = start_pos + T
    positions = np.arange(start_pos, end)
    q = rope((x @ w_q).reshape(B, T, n_heads, d_head), positions)
    k = rope((x @ w_k).reshape(B, T, n_heads, d_head), positions)
    v = (x @ w_v).reshape(B, T, n_heads, d_head)
    new_k, new_v = cache_k.copy(), cache_v.copy()
    new_k[:, start_pos:end] = (x @ w_k).reshape(B, T, n_heads, d_head)
    new_v[:, start_pos:end] = v
    keys = new_k[:, :end].transpose(0, 2, 1, 3)
    values = new_v[:, :end].transpose(0, 2, 1, 3)
    scores = q.transpose(0, 2, 1, 3) @ keys.transpose(0, 1, 3, 2) / np.sqrt(d).astype(x.dtype)
    heads = causal_softmax(scores, start_pos) @ values
    out = heads.transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
    return out, new_k, new_v
