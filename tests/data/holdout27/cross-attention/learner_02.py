import math

import numpy as np


class CrossAttention:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.w_q, self.w_k, self.w_v, self.w_o = w_q, w_k, w_v, w_o
        self.n_heads = n_heads
        self.d_head = w_q.shape[1] // n_heads

    def _heads(self, t):
        B, L, _ = t.shape
        return t.reshape(B, self.n_heads, L, self.d_head)

    def _merge(self, t):
        B, H, L, dh = t.shape
        return t.transpose(0, 2, 1, 3).reshape(B, L, H * dh)

    def __call__(self, x, memory, memory_mask=None):
        q = self._heads(x @ self.w_q)
        k = self._heads(memory @ self.w_k)
        v = self._heads(memory @ self.w_v)
        s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(self.d_head)
        if memory_mask is not None:
            s = np.where(memory_mask[:, None, None, :], s, -np.inf)
        top = s.max(axis=-1, keepdims=True)
        top = np.where(np.isneginf(top), 0.0, top)
        p = np.exp(s - top)
        total = p.sum(axis=-1, keepdims=True)
        p = p / np.maximum(total, np.finfo(p.dtype).tiny)
        return self._merge(p @ v)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    return CrossAttention(w_q, w_k, w_v, w_o, n_heads)(x, memory, memory_mask)
