import math

import torch
import torch.nn as nn

CONFIG = {"block_size": 1024}


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        n = CONFIG["block_size"]
        mask = torch.tril(torch.ones(n, n, dtype=torch.bool), diagonal=1)
        self.register_buffer("causal", mask.view(1, 1, n, n), persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        k, q, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        k = k.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        v = v.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.d_head))
        att = att.masked_fill(~self.causal[:, :, :T, :T], float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)
