import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size)
        self.query = nn.Linear(d_model, head_size)
        self.value = nn.Linear(d_model, head_size)

    def forward(self, x):
        T = x.shape[1]
        k, q, v = self.key(x), self.query(x), self.value(x)
        wei = q @ k.transpose(-2, -1) * x.shape[-1] ** -0.5
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).tril().logical_not()
        return F.softmax(wei.masked_fill(future, float("-inf")), dim=-1) @ v


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return torch.cat([h(x) for h in self.heads], dim=-1)
