import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def split_heads(self, t):
        B, T, C = t.shape
        return t.reshape(B, T, C // self.n_heads, self.n_heads).permute(0, 3, 1, 2)

    def merge_heads(self, t):
        B, H, T, hd = t.shape
        return t.permute(0, 2, 3, 1).reshape(B, T, H * hd)

    def forward(self, x):
        T = x.shape[1]
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = self.split_heads(q), self.split_heads(k), self.split_heads(v)
        scores = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(causal, float("-inf"))
        y = torch.softmax(scores, dim=-1) @ v
        return self.proj(self.merge_heads(y))
