import numpy as np

CONFIG = {"rope_base": 10000.0}


class _Rope:
    _cache = {}

    def __init__(self, d_head):
        if d_head not in self._cache:
            self._cache[d_head] = CONFIG["rope_base"] ** (-np.arange(0, d_head, 2, dtype=np.float64) / d_head)
        self.inv_freq = self._cache[d_head]

    def __call__(self, t, positions):
        ang = positions[:, None].astype(np.float64) * self.inv_freq
        cos = np.cos(ang)[None, :, None, :].astype(t.dtype)
        sin = np.sin(ang)[None, :, None, :].astype(t.dtype)
        even, odd = t[..., 0::2], t[..., 1::2]
        out = np.empty_like(t)
        out[..., 0::2] = even * cos - odd * sin
        out[..., 1::2] = even * sin + odd * cos
        return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    d_head = d // n_heads
    rope = _Rope(d_head)
    pos = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, d_head), pos)
    k = rope((x @ w_k).reshape(B, T, n_heads, d_head), pos)
    v = (x @ w_v).reshape(B, T, n_heads, d_head)
    cache_k, cache_v = cache_k.copy(), cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    n = start_pos + T
    keys = cache_k[:, :n].transpose(0, 2, 3, 1)
    vals = cache_v[:, :n].transpose(0, 2, 1, 3)
    scores = q.transpose(0, 2, 1, 3) @ keys / np.sqrt(d_head).astype(x.dtype)
    visible = np.arange(n)[None, :] <= pos[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    out = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
