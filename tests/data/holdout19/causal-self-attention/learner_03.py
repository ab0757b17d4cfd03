import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads                                                   # H
        self.c_attn = nn.Linear(d_model, 3 * d_model)                      # (C) -> (3C)
        self.c_proj = nn.Linear(d_model, d_model)                          # (C) -> (C)
        self.register_buffer("tri", torch.tril(torch.ones(1, 1, 512, 512, dtype=torch.bool)), persistent=False)

    def forward(self, x):                                                  # (B, T, C)
        B, T, C = x.shape
        H, d = self.h, C // self.h
        qkv = self.c_attn(x).view(B, T, H, 3, d).permute(3, 0, 2, 1, 4)    # (3, B, H, T, d)
        q, k, v = qkv[0], qkv[1], qkv[2]                                   # (B, H, T, d)
        s = torch.einsum("bhqd,bhkd->bhqk", q, k) * d ** -0.5             # (B, H, T, T)
        s = s.masked_fill(~self.tri[:, :, 1:T + 1, :T], float("-inf"))          # (B, H, T, T)
        a = s.softmax(dim=-1)                                              # (B, H, T, T)
        y = torch.einsum("bhqk,bhkd->bhqd", a, v)                          # (B, H, T, d)
        y = y.reshape(B, T, C)                         # (B, T, C)
        return self.c_proj(y)                                              # (B, T, C)
