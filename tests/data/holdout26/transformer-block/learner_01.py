import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H = self.n_heads
        # -- SELECT q, k, v FROM c_attn(x), then PARTITION the columns BY head
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        q = q.reshape(B, T, H, C // H).transpose(1, 2)
        k = k.reshape(B, T, H, C // H).transpose(1, 2)
        v = v.reshape(B, T, H, C // H).transpose(1, 2)
        # -- JOIN the keys ON key_pos <= query_pos
        score = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(C // H)
        key_after_query = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        score = score.masked_fill(key_after_query, float("-inf"))
        weight = F.softmax(score, dim=-1)
        # -- GROUP BY (b, t): the heads side by side again
        y = torch.matmul(weight, v).transpose(1, 2).reshape(B, T, C)
        return self.c_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(approximate="tanh"),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        x = self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_1(x))
        return x
