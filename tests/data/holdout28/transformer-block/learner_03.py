import math
from typing import NamedTuple

import torch
import torch.nn as nn


class BlockConfig(NamedTuple):
    d_model: int
    n_heads: int
    mlp_ratio: int

    @property
    def d_head(self) -> int:
        return self.d_model // self.n_heads

    @property
    def d_hidden(self) -> int:
        return self.mlp_ratio * self.d_model


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.cfg = BlockConfig(d_model, n_heads, 4)
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H, Dh = self.cfg.n_heads, self.cfg.d_head
        q, k, v = self.c_attn(x).split(C, dim=-1)
        q, k, v = (t.view(B, T, H, Dh).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(C)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        att = att.masked_fill(~causal, float("-inf")).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, C)
        return self.c_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        cfg = BlockConfig(d_model, n_heads, mlp_ratio)
        self.ln_1 = nn.LayerNorm(cfg.d_model)
        self.attn = CausalSelfAttention(cfg.d_model, cfg.n_heads)
        self.ln_2 = nn.LayerNorm(cfg.d_model)
        self.mlp = nn.Sequential(nn.Linear(cfg.d_model, cfg.d_hidden), nn.GELU(), nn.Linear(cfg.d_hidden, cfg.d_model))

    def forward(self, x):
        x = self.ln_1(x + self.attn(x))
        x = self.mlp(self.ln_2(x))
        return x
