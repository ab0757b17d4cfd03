import torch


class Project:
    def __init__(self, w):
        self.w = w

    def __call__(self, t):
        return t @ self.w


class SplitHeads:
    def __init__(self, n_heads):
        self.n_heads = n_heads

    def __call__(self, t):
        B, L, d = t.shape
        return t.reshape(B, L, self.n_heads, d // self.n_heads).transpose(1, 2)


class MergeHeads:
    def __call__(self, t):
        B, H, L, dh = t.shape
        return t.reshape(B, L, H * dh)


class MaskedSoftmax:
    def __call__(self, scores, keep):
        if keep is not None:
            scores = scores.masked_fill(~keep, float("-inf"))
        m = scores.amax(dim=-1, keepdim=True)
        m = torch.nan_to_num(m, neginf=0.0)
        e = torch.exp(scores - m)
        z = e.sum(dim=-1, keepdim=True)
        return e / z.clamp_min(torch.finfo(e.dtype).tiny)


class CrossAttention:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.q, self.k, self.v, self.o = Project(w_q), Project(w_k), Project(w_v), Project(w_o)
        self.split = SplitHeads(n_heads)
        self.merge = MergeHeads()
        self.softmax = MaskedSoftmax()

    def __call__(self, x, memory, memory_mask):
        q = self.split(self.q(x))
        k = self.split(self.k(memory))
        v = self.split(self.v(memory))
        keep = None if memory_mask is None else memory_mask[:, None, None, :]
        scores = q @ k.transpose(-1, -2) / (x.shape[-1] ** 0.5)
        return self.o(self.merge(self.softmax(scores, keep) @ v))


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    return CrossAttention(w_q, w_k, w_v, w_o, n_heads)(x, memory, memory_mask)
