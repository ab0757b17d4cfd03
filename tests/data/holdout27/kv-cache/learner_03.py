import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class LayerSpec:
    d_model: int
    n_heads: int
    rope_base: float = 10000.0

    @property
    def d_head(self):
        return self.d_model // self.n_heads

    def freqs(self):
        i = np.arange(self.d_head // 2)
        return self.rope_base ** (-2.0 * i / self.d_head)


def rope_interleaved(t, positions, spec):
    ang = positions[:, None] * spec.freqs()[None, :]
    c = np.cos(ang)[None, :, None, :].astype(t.dtype)
    s = np.sin(ang)[None, :, None, :].astype(t.dtype)
    pairs = t.reshape(t.shape[:-1] + (-1, 2))
    a, b = pairs[..., 0], pairs[..., 1]
    return np.concatenate([a * c - b * s, a * s + b * c], axis=-1).reshape(t.shape)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    spec = LayerSpec(d_model=x.shape[-1], n_heads=n_heads)
    B, T, _ = x.shape
    H, dh = spec.n_heads, spec.d_head
    positions = np.arange(start_pos, start_pos + T)
    q = rope_interleaved((x @ w_q).reshape(B, T, H, dh), positions, spec)
    k = rope_interleaved((x @ w_k).reshape(B, T, H, dh), positions, spec)
    v = (x @ w_v).reshape(B, T, H, dh)
    cache_k = np.asarray(cache_k)
    cache_v = np.array(cache_v, copy=True)
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    n_keys = start_pos + T
    keys = cache_k[:, :n_keys].transpose(0, 2, 3, 1)
    vals = cache_v[:, :n_keys].transpose(0, 2, 1, 3)
    scores = q.transpose(0, 2, 1, 3) @ keys / math.sqrt(dh)
    causal = np.tril(np.ones((T, n_keys), dtype=bool), k=start_pos)
    scores = np.where(causal, scores, -np.inf)
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    probs = scores / scores.sum(axis=-1, keepdims=True)
    heads = (probs @ vals).transpose(0, 2, 1, 3).reshape(B, T, spec.d_model)
    return heads @ w_o, cache_k, cache_v
