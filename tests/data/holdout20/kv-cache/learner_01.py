import numpy as np


class Linear:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return x @ self.w


class Heads:
    def __init__(self, n_heads):
        self.n_heads = n_heads

    def split(self, t):
        B, T, d = t.shape
        return t.reshape(B, T, self.n_heads, d // self.n_heads)

    def merge(self, t):
        B, T, H, dh = t.shape
        return t.reshape(B, T, H * dh)


class Rope:
    def __init__(self, base=10000.0):
        self.base = base

    def __call__(self, t, positions):
        dh = t.shape[-1]
        theta = self.base ** (-np.arange(0, dh, 2) / dh)
        ang = positions[:, None] * theta[None, :]
        c = np.cos(ang)[None, :, None, :]
        s = np.sin(ang)[None, :, None, :]
        out = np.empty(t.shape, dtype=np.float64)
        out[..., 0::2] = t[..., 0::2] * c - t[..., 1::2] * s
        out[..., 1::2] = t[..., 0::2] * s + t[..., 1::2] * c
        return out.astype(t.dtype)


class Cache:
    def __init__(self, cache_k, cache_v):
        self.k = cache_k.copy()
        self.v = cache_v.copy()

    def write(self, start, k, v):
        self.k[:, start + 1:start + 1 + k.shape[1]] = k
        self.v[:, start:start + v.shape[1]] = v

    def read(self, end):
        return self.k[:, :end], self.v[:, :end]


class CausalAttend:
    def __call__(self, q, k, v, start):
        # q (B, T, H, dh); k and v (B, S, H, dh) with S = start + T
        T, S, dh = q.shape[1], k.shape[1], q.shape[-1]
        s = np.einsum("bthe,bshe->bhts", q, k) / np.sqrt(dh)
        keep = np.arange(S)[None, :] <= np.arange(T)[:, None]
        s = np.where(keep, s, -np.inf)
        s = s - s.max(axis=-1, keepdims=True)
        p = np.exp(s)
        p = p / p.sum(axis=-1, keepdims=True)
        return np.einsum("bhts,bshe->bthe", p, v)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    T = x.shape[1]
    heads = Heads(n_heads)
    rope = Rope()
    positions = np.arange(start_pos, start_pos + T, dtype=np.float64)
    q = rope(heads.split(Linear(w_q)(x)), positions)
    k = heads.split(Linear(w_k)(x))
    v = heads.split(Linear(w_v)(x))
    cache = Cache(cache_k, cache_v)
    cache.write(start_pos, k, v)
    keys, values = cache.read(start_pos + T)
    o = CausalAttend()(q, keys, values, start_pos)
    out = Linear(w_o)(heads.merge(o)).astype(x.dtype)
    return out, cache.k, cache.v
