import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        hs = C // self.n_heads
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        q = q.reshape(B, T, self.n_heads, hs).permute(0, 2, 1, 3)
        k = k.reshape(B, T, self.n_heads, hs).permute(0, 2, 1, 3)
        v = v.reshape(B, T, self.n_heads, hs).permute(0, 2, 1, 3)
        scores = q @ k.transpose(-1, -2) / math.sqrt(hs)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(~causal, float("-inf"))
        y = F.softmax(scores, dim=-1) @ v
        y = y.permute(0, 2, 1, 3).reshape(B, T, C)
        return self.c_proj(y)
