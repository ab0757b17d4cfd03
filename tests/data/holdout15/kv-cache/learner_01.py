import numpy as np

ROPE_BASE = 10000.0


class _Heads:
    def __init__(self, n_heads, d_model):
        self.n = n_heads
        self.dh = d_model // n_heads

    def split(self, t):
        B, T, _ = t.shape
        return t.reshape(B, T, self.n, self.dh)

    def merge(self, t):
        B, T = t.shape[:2]
        return t.reshape(B, T, self.n * self.dh)


def _rotary(t, first_pos):
    T, dh = t.shape[1], t.shape[-1]
    freqs = ROPE_BASE ** (-np.arange(0, dh, 2) / dh)
    angle = np.outer(np.arange(T), freqs)
    c = np.cos(angle)[None, :, None, :].astype(t.dtype)
    s = np.sin(angle)[None, :, None, :].astype(t.dtype)
    a, b = t[..., 0::2], t[..., 1::2]
    return np.stack([a * c - b * s, a * s + b * c], axis=-1).reshape(t.shape)


def _softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    heads = _Heads(n_heads, x.shape[-1])
    T = x.shape[1]
    end = start_pos + T
    q = _rotary(heads.split(x @ w_q), start_pos)
    k = _rotary(heads.split(x @ w_k), start_pos)
    v = heads.split(x @ w_v)
    new_k, new_v = cache_k, cache_v
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    scores = np.einsum("bqhd,bkhd->bhqk", q, new_k[:, :end]) / np.sqrt(heads.dh, dtype=x.dtype)
    future = np.arange(end)[None, :] > np.arange(start_pos, end)[:, None]
    scores[..., future] = -np.inf
    ctx = np.einsum("bhqk,bkhd->bqhd", _softmax(scores), new_v[:, :end])
    return heads.merge(ctx) @ w_o, new_k, new_v
