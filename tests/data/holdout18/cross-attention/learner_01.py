import numpy as np


class Projection:
    def __init__(self, w):
        self.w = w

    def __call__(self, t):
        return np.matmul(t, self.w)


class Heads:
    def __init__(self, n_heads):
        self.n = n_heads

    def split(self, t):
        B, L, d = t.shape
        return t.reshape(B, L, self.n, d // self.n).transpose(0, 2, 1, 3)

    def merge(self, t):
        B, H, L, dh = t.shape
        return t.reshape(B, L, H * dh)


class MaskedSoftmax:
    @staticmethod
    def apply(scores, keep):
        s = np.where(keep, scores, -np.inf)
        peak = np.max(s, axis=-1, keepdims=True)
        peak = np.where(np.isfinite(peak), peak, 0)
        e = np.exp(s)
        z = np.sum(e, axis=-1, keepdims=True)
        return e / np.maximum(z, np.finfo(scores.dtype).tiny)


class CrossAttention:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.q, self.k, self.v, self.o = Projection(w_q), Projection(w_k), Projection(w_v), Projection(w_o)
        self.heads = Heads(n_heads)

    def __call__(self, x, memory, memory_mask):
        q = self.heads.split(self.q(x))
        k = self.heads.split(self.k(memory))
        v = self.heads.split(self.v(memory))
        d_head = q.shape[-1]
        scores = np.matmul(q, k.transpose(0, 1, 3, 2)) / np.sqrt(d_head).astype(x.dtype)
        keep = np.ones(scores.shape, dtype=bool) if memory_mask is None else memory_mask[:, None, None, :]
        ctx = np.matmul(MaskedSoftmax.apply(scores, keep), v)
        return self.o(self.heads.merge(ctx))


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    return CrossAttention(w_q, w_k, w_v, w_o, n_heads)(x, memory, memory_mask)
