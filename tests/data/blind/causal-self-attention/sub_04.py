import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        qkv = self.qkv(x).view(B, T, self.n_heads, 3 * self.d_head)
        q, k, v = qkv.split(self.d_head, dim=-1)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        scores = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(self.d_head)
        keep = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        scores = scores.masked_fill(~keep, float("-inf"))
        probs = scores.softmax(dim=-1)
        out = torch.einsum("bhij,bhjd->bhid", probs, v)
        out = out.transpose(1, 2).reshape(B, T, C)
        return self.proj(out)
