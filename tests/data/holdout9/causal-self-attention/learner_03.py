import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, d_model, bias=False)
        self.v_proj = nn.Linear(d_model, d_model, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def heads(self, t):
        B, T, D = t.shape
        return t.reshape(B, T, self.h, D // self.h).permute(0, 2, 1, 3)

    def forward(self, x):
        B, T, D = x.shape
        q = self.heads(self.q_proj(x))
        k = self.heads(self.k_proj(x))
        v = self.heads(self.v_proj(x))
        scores = torch.einsum("bhqd,bhkd->bhqk", q, k) * q.shape[-1] ** -0.5
        future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        weights = scores.softmax(dim=-1)
        y = torch.einsum("bhqk,bhkd->bhqd", weights, v)
        y = y.permute(0, 2, 1, 3).reshape(B, T, D)
        return x + self.o_proj(y)
