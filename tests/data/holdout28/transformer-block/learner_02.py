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
        B, T, d = x.shape
        H, dh = self.n_heads, d // self.n_heads

        def rows(t):
            # (B, T, d) -> (B * H, T, dh): one block of rows per (batch, head)
            return t.view(B, T, H, dh).transpose(1, 2).reshape(B * H, T, dh)

        q, k, v = rows(self.q(x)), rows(self.k(x)), rows(self.v(x))
        s = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(dh)
        s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1), float("-inf"))
        y = torch.bmm(s.softmax(-1), v).view(B, H, T, dh).transpose(1, 2).reshape(B, T, d)
        return self.o(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.fc = nn.Linear(d_model, mlp_ratio * d_model)
        self.proj = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        B, T, d = x.shape
        x = x + self.attn(self.ln1(x))
        flat = x.reshape(B * T, d)  # the MLP works per token: on rows
        h = self.proj(F.gelu(self.fc(self.ln2(flat)), approximate="tanh"))
        return (self.ln2(flat) + h).view(B, T, d)
