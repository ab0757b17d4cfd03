import math

import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, d_head):
        super().__init__()
        self.key = nn.Linear(d_model, d_head)
        self.query = nn.Linear(d_model, d_head)
        self.value = nn.Linear(d_model, d_head)
        self.d_head = d_head

    def forward(self, x):
        B, T, C = x.shape
        k, q, v = self.key(x), self.query(x), self.value(x)
        assert k.shape == (B, T, self.d_head), f"key shape {tuple(k.shape)}"
        wei = q @ k.transpose(-2, -1) / math.sqrt(C)
        assert wei.shape == (B, T, T), f"scores shape {tuple(wei.shape)}"
        tril = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=-1)
        wei = wei.masked_fill(~tril, float("-inf"))
        wei = torch.softmax(wei, dim=-1)
        return wei @ v


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        assert x.dim() == 3, f"expected (B, T, d_model), got {tuple(x.shape)}"
        out = torch.cat([h(x) for h in self.heads], dim=-1)
        assert out.shape == x.shape, f"concat shape {tuple(out.shape)}"
        return self.proj(out)
