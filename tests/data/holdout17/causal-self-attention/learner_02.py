import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        # one Linear produces queries, keys and values side by side
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        # output projection back into the residual stream
        self.c_proj = nn.Linear(d_model, d_model)
        self.n_heads = n_heads
        self.d_model = d_model

    def forward(self, x):
        B, T, C = x.shape
        # split the fused projection into q, k, v, each (B, T, C)
        q, k, v = self.c_attn(x).split(self.d_model, dim=2)
        # give every head its own slice of the channels: (B, n_heads, T, head_dim)
        head_dim = C // self.n_heads
        q = q.view(B, T, self.n_heads, head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_heads, head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_heads, head_dim).transpose(1, 2)
        # scaled dot products between every pair of positions
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(head_dim))
        # a position may only look at itself and earlier positions
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).triu()
        att = att.masked_fill(~causal, float("-inf"))
        att = torch.softmax(att, dim=-1)
        # weighted sum of values, then heads side by side again
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)
