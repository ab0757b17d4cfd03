import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H = self.n_heads
        q, k, v = self.c_attn(x).split(C, dim=-1)
        q = q.view(B, T, C // H, H).transpose(1, 3)
        k = k.view(B, T, C // H, H).transpose(1, 3)
        v = v.view(B, T, C // H, H).transpose(1, 3)
        att = q.transpose(-1, -2) @ k / math.sqrt(C // H)
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        y = (att @ v.transpose(-1, -2)).transpose(1, 2).reshape(B, T, C)
        return x + self.c_proj(y)
