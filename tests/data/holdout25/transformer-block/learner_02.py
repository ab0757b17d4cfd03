import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H = self.n_heads
        qkv = self.c_attn(x.clone())
        q, k, v = qkv.split(C, dim=2)
        q = q.reshape(B, T, H, C // H).transpose(1, 2)
        k = k.reshape(B, T, H, C // H).transpose(1, 2)
        v = v.reshape(B, T, H, C // H).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(C // H)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        att = att.masked_fill(~causal, float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, C)
        return self.c_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(approximate="tanh"),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        residual = x.clone()
        h = self.attn(self.ln1(residual))
        out = h.clone()
        out = out + self.mlp(self.ln1(h))
        return out
