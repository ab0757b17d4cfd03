from dataclasses import dataclass

import numpy as np


@dataclass
class StepShape:
    batch: int
    new_tokens: int
    n_heads: int
    d_head: int
    start: int

    @property
    def end(self):
        return self.start + self.new_tokens


def _rope(t, positions):
    dh = t.shape[-1]
    theta = 10000.0 ** (-np.arange(dh // 2) / dh)
    ang = positions[:, None] * theta[None, :]                    # (T, dh/2)
    cos, sin = np.cos(ang)[None, :, None, :], np.sin(ang)[None, :, None, :]
    out = np.empty_like(t)
    out[..., 0::2] = t[..., 0::2] * cos - t[..., 1::2] * sin
    out[..., 1::2] = t[..., 0::2] * sin + t[..., 1::2] * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    sh = StepShape(x.shape[0], x.shape[1], n_heads, x.shape[2] // n_heads, start_pos)
    pos = np.arange(sh.start, sh.end)
    split = lambda t: t.reshape(sh.batch, sh.new_tokens, sh.n_heads, sh.d_head)
    q, k, v = _rope(split(x @ w_q), pos), _rope(split(x @ w_k), pos), split(x @ w_v)
    new_k, new_v = cache_k.copy(), cache_v.copy()
    new_k[:, sh.start:sh.end], new_v[:, sh.start:sh.end] = k, v
    K = new_k[:, :sh.end].transpose(0, 2, 1, 3)                   # (B, H, S, dh)
    V = new_v[:, :sh.end].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ K.transpose(0, 1, 3, 2) / np.sqrt(sh.d_head).astype(x.dtype)
    s = np.where(np.tril(np.ones((sh.new_tokens, sh.end), bool), k=sh.start), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    o = (p @ V).reshape(x.shape)
    return o @ w_o, new_k, new_v
