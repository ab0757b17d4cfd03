import numpy as np


def apply_rotary(t, positions):
    # t: (B, T, H, hd)
    hd = t.shape[-1]
    half = hd // 2
    freqs = 1.0 / 10000 ** (np.arange(half) * 2 / hd)
    angles = np.outer(positions, freqs)
    cos = np.cos(angles)[None, :, None, :]
    sin = np.sin(angles)[None, :, None, :]
    t1, t2 = t[..., :half], t[..., half:]
    return np.concatenate([t1 * cos - t2 * sin, t1 * sin + t2 * cos], axis=-1)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd)
    k = (x @ w_k).reshape(B, T, n_heads, hd)
    v = (x @ w_v).reshape(B, T, n_heads, hd)
    positions = np.arange(T)
    q = apply_rotary(q, positions)
    k = apply_rotary(k, positions)

    ck, cv = cache_k.copy(), cache_v.copy()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    S = start_pos + T
    K = ck[:, :S].transpose(0, 2, 1, 3)
    V = cv[:, :S].transpose(0, 2, 1, 3)
    Q = q.transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(hd)
    visible = np.arange(S)[None, :] <= (start_pos + np.arange(T))[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores -= scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=-1, keepdims=True)
    out = (p @ V).transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
    return out.astype(x.dtype), ck, cv
