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
        hs = D // self.h
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        # (B, T, D) -> (B, h, T, hs)
        q = q.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)
        k = k.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)
        v = v.reshape(B, T, self.h, hs).permute(0, 2, 1, 3)

        att = q @ k.transpose(-2, -1) * hs ** -1/2
        future = torch.ones(T, T, device=x.device).triu(1).bool()
        att = att.masked_fill(future, float("-inf"))
        att = torch.softmax(att, dim=-1)

        out = (att @ v).permute(0, 2, 1, 3).reshape(B, T, D)
        return self.proj(out)
