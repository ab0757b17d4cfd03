import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H, dh = self.n_heads, C // self.n_heads
        q, k, v = self.qkv(x).view(B, T, H, 3, dh).permute(3, 0, 2, 1, 4)
        scores = torch.matmul(q, k.transpose(-2, -1))
        scores.mul_(1.0 / math.sqrt(dh))  # in place: the product's own buffer
        scores.masked_fill_(torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        probs = torch.softmax(scores, dim=-1)
        ctx = torch.matmul(probs, v).transpose(1, 2).reshape(B, T, C)
        return self.proj(ctx)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.up = nn.Linear(d_model, mlp_ratio * d_model)
        self.down = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        a = self.attn(self.norm1(x))
        a.add_(x)  # the residual, added into the sub-layer's own output buffer
        m = self.down(F.gelu(self.up(self.norm2(a))))
        m.add_(x)
        return m
