from dataclasses import dataclass

import numpy as np


@dataclass
class Heads:
    n: int
    d_head: int

    def split(self, t):
        B, L, _ = t.shape
        return t.reshape(B, L, self.n, self.d_head).transpose(0, 2, 1, 3)

    def merge(self, t):
        B, _, L, _ = t.shape
        return t.reshape(B, L, self.n * self.d_head)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    heads = Heads(n_heads, x.shape[-1] // n_heads)
    q = heads.split(x @ w_q)
    k = heads.split(memory @ w_k)
    v = heads.split(memory @ w_k)
    scores = q @ k.transpose(0, 1, 3, 2) * heads.d_head ** -0.5
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, :, None], scores, -np.inf)
    peak = scores.max(axis=-1, keepdims=True)
    peak = np.where(np.isfinite(peak), peak, 0)
    weights = np.exp(scores - peak)
    total = weights.sum(axis=-1, keepdims=True)
    weights = np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)
    return heads.merge(weights @ v) @ w_o
