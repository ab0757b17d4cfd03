import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        hd = D // self.h
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(B, self.h, T, hd) for t in (q, k, v))
        scores = q @ k.transpose(-1, -2) * hd ** -0.5
        future = torch.triu(torch.ones(T, T, device=x.device), diagonal=1).bool()
        scores = scores.masked_fill(future, float("-inf"))
        w = scores.softmax(dim=-1)
        out = (w @ v).transpose(1, 2).reshape(B, T, D)
        return self.proj(out)
