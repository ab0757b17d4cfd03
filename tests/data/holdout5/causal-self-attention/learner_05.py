import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        qkv = self.qkv(x)
        q, k, v = qkv.split(self.n_heads, dim=-1)
        q, k, v = (t.reshape(B, T, self.n_heads, self.d_head).permute(0, 2, 1, 3) for t in (q, k, v))
        scores = torch.einsum("bhqd,bhkd->bhqk", q, k) / self.d_head ** 0.5
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        w = scores.softmax(dim=-1)
        out = torch.einsum("bhqk,bhkd->bhqd", w, v)
        out = out.permute(0, 2, 1, 3).reshape(B, T, D)
        return self.proj(out)
