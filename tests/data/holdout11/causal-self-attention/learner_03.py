import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.dk = d_model // n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        split = lambda t: t.reshape(B, T, self.h, self.dk).permute(0, 2, 1, 3)
        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        scores = q @ k.transpose(2, 3) / self.dk ** 0.5
        future = torch.triu(torch.ones(T, T, device=x.device), diagonal=0).bool()
        scores = scores.masked_fill(future, float("-inf"))
        weights = scores.softmax(dim=-1)
        out = (weights @ v).reshape(B, T, D)
        return self.proj(out)
