import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H, dh = self.n_heads, C // self.n_heads
        q, k, v = self.qkv(x).view(B, T, H, 3, dh).permute(3, 0, 2, 1, 4)
        log_w = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(dh)  # log-weights
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        log_prior = torch.zeros(T, T, dtype=x.dtype, device=x.device).masked_fill(future, -math.inf)
        log_w = log_w + log_prior  # the log of the causal 0/1 prior
        log_p = log_w - torch.logsumexp(log_w, dim=-2, keepdim=True)
        y = torch.matmul(log_p.exp(), v)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.up = nn.Linear(d_model, mlp_ratio * d_model)
        self.down = nn.Linear(mlp_ratio * d_model, d_model)
        self.gelu = nn.GELU()

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        x = x + self.down(self.gelu(self.up(self.norm2(x))))
        return x
