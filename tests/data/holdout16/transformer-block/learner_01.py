import math

import torch
import torch.nn as nn

CONFIG = {"max_len": 512, "act": "tanh"}


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        L = CONFIG["max_len"]
        self.register_buffer("mask", torch.ones(L, L, dtype=torch.bool).tril(), persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        hd = C // self.n_heads
        q, k, v = self.qkv(x).view(B, T, 3, self.n_heads, hd).permute(2, 0, 3, 1, 4)
        att = q @ k.transpose(-2, -1) / math.sqrt(hd)
        att = att.masked_fill(~self.mask[:T, :T], float("-inf")).softmax(dim=-1)
        return self.proj((att @ v).transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(approximate="none" if CONFIG["act"] == "exact" else "tanh"),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        x = self.ln1(x + self.attn(x))
        x = x + self.mlp(self.ln2(x))
        return x
