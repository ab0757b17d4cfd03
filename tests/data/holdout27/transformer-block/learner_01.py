import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H, Dh = self.n_heads, C // self.n_heads
        q = self.q(x).view(B, T, H, Dh).transpose(1, 2)
        k = self.k(x).view(B, T, H, Dh).transpose(1, 2)
        v = self.v(x).view(B, T, H, Dh).transpose(1, 2)
        # (B, H, T, 1, Dh) * (B, H, 1, T, Dh) summed over Dh
        s = (q.unsqueeze(-2) * k.unsqueeze(-3)).sum(dim=-1) / math.sqrt(Dh)
        idx = torch.arange(T, device=x.device)
        s = s.masked_fill(idx[:, None] > idx[None, :], float("-inf"))
        s = s - s.amax(dim=-1, keepdim=True)
        p = s.exp() / s.exp().sum(dim=-1, keepdim=True)
        # (B, H, T, T, 1) * (B, H, 1, T, Dh) summed over the keys
        y = (p.unsqueeze(-1) * v.unsqueeze(-3)).sum(dim=-2)
        return self.o(y.transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        h = self.attn(self.norm1(x))
        return h + self.fc2(F.gelu(self.fc1(self.norm2(x))))
