import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.size()
        hs = C // self.h
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        q = q.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)
        k = k.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)
        v = v.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hs)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device))
        scores = scores.masked_fill(future, float("-inf"))
        w = torch.softmax(scores, dim=-1)
        out = (w @ v).permute(0, 2, 1, 3).reshape(B, T, C)
        return self.c_proj(out)
