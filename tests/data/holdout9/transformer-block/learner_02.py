import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.n_heads
        q = self.q_proj(x).view(B, T, H, D // H).transpose(1, 2)
        k = self.k_proj(x).view(B, T, H, D // H).transpose(1, 2)
        v = self.v_proj(x).view(B, T, H, D // H).transpose(1, 2)
        s = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(D // H)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
        s = s.masked_fill(causal.logical_not(), -math.inf)
        p = torch.softmax(s, dim=-1)
        o = torch.einsum("bhij,bhjd->bhid", p, v).transpose(1, 2).reshape(B, T, D)
        return self.o_proj(o)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        a = self.attn(self.norm1(x))
        x = x + a
        h = self.norm2(a)
        h = F.silu(self.fc1(h))
        x = x + self.fc2(h)
        return x
