import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d, hs):
        super().__init__()
        self.key = nn.Linear(d, hs, bias=False)
        self.query = nn.Linear(d, hs, bias=False)
        self.value = nn.Linear(d, hs, bias=False)

    def forward(self, x):
        T = x.shape[1]
        k, q = self.key(x), self.query(x)
        w = q @ k.transpose(-2, -1) * x.shape[-1] ** -0.5
        w = w.masked_fill(torch.ones(T, T, device=x.device).tril(1) == 0, float("-inf"))
        return w.softmax(-1) @ self.value(x)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return self.proj(torch.cat([h(x) for h in self.heads], dim=-1))
