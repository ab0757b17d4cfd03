import math
import torch


class HeadSplitter:
    def __init__(self, n_heads):
        self.n_heads = n_heads

    def split(self, t):
        B, T, d = t.shape
        return t.view(B, self.n_heads, T, d // self.n_heads)

    def merge(self, t):
        B, H, T, dh = t.shape
        return t.transpose(1, 2).reshape(B, T, H * dh)


class ScaledDotProduct:
    def __init__(self, d_head):
        self.scale = 1.0 / math.sqrt(d_head)

    def __call__(self, q, k, v, mask):
        scores = torch.matmul(q, k.transpose(-2, -1)) * self.scale
        if mask is not None:
            m = mask if mask.dim() == 2 else mask[:, None, :, :]
            scores = scores.masked_fill(~m, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        weights = torch.nan_to_num(weights, nan=0.0)
        return torch.matmul(weights, v)


class HeadedAttention:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.w_q, self.w_k, self.w_v, self.w_o = w_q, w_k, w_v, w_o
        self.heads = HeadSplitter(n_heads)
        self.core = ScaledDotProduct(w_q.shape[1] // n_heads)

    def __call__(self, x, mask=None):
        q = self.heads.split(torch.matmul(x, self.w_q))
        k = self.heads.split(torch.matmul(x, self.w_k))
        v = self.heads.split(torch.matmul(x, self.w_v))
        return self.heads.merge(self.core(q, k, v, mask))


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return HeadedAttention(w_q, w_k, w_v, w_o, n_heads)(x, mask)
