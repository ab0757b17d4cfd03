import math

import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, d_head):
        super().__init__()
        self.key = nn.Linear(d_model, d_head)
        self.query = nn.Linear(d_model, d_head)
        self.value = nn.Linear(d_model, d_head)
        self.δ = d_head

    def forward(self, x):
        T = x.shape[1]
        κ, ψ, ν = self.key(x), self.query(x), self.value(x)
        σ = κ @ ψ.transpose(-2, -1) / math.sqrt(self.δ)
        Μ = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        σ = σ.masked_fill(~Μ, float("-inf"))
        α = torch.softmax(σ, dim=-1)
        return α @ ν


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList(Head(d_model, d_model // n_heads) for _ in range(n_heads))
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        η = torch.cat([h(x) for h in self.heads[::-1]], dim=-1)
        return self.proj(η)
