import math

import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size)
        self.query = nn.Linear(d_model, head_size)
        self.value = nn.Linear(d_model, head_size)

    def forward(self, x):
        T = x.shape[1]
        k = self.key(x)
        q = self.query(x)
        w = q @ k.transpose(-2, -1) / math.sqrt(x.shape[-1])
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        w = w.masked_fill(future, float("-inf"))
        w = torch.softmax(w, dim=-1)
        return w @ self.value(x)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        outs = []
        for h in range(len(self.heads)):          # heads 1..H, concatenated in order
            outs.append(self.heads[h](x))
        return torch.cat(outs, dim=-1)
