import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = F.linear(x, self.qkv.weight, self.qkv.bias).split(C, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, C // self.n_heads).transpose(1, 2) for t in (q, k, v))
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(C)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).triu()
        scores = torch.where(causal, scores, torch.full_like(scores, float("-inf")))
        y = torch.matmul(F.softmax(scores, dim=-1), v)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return F.linear(y, self.proj.weight, self.proj.bias)
