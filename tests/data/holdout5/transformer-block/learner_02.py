import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        dh = D // self.h
        q = self.q(x).view(B, T, self.h, dh).transpose(1, 2)
        k = self.k(x).view(B, T, self.h, dh).transpose(1, 2)
        v = self.v(x).view(B, T, self.h, dh).transpose(1, 2)
        s = q @ k.transpose(-1, -2) / math.sqrt(dh)
        hide = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1)
        s = s.masked_fill(hide, float("-inf"))
        a = torch.softmax(s, dim=-1)
        y = (a @ v).transpose(1, 2).reshape(B, T, D)
        return self.o(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        hidden = mlp_ratio * d_model
        self.mlp = nn.Sequential(nn.Linear(d_model, hidden), nn.GELU(), nn.Linear(hidden, d_model))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h)
        x = x + self.mlp(self.ln2(h))
        return x
