import math
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class AttnConfig:
    d_model: int
    n_heads: int

    @property
    def d_head(self):
        return self.d_model // self.n_heads

    @property
    def scale(self):
        return 1.0 / self.d_head


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.cfg = AttnConfig(d_model, n_heads)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        cfg = self.cfg
        q, k, v = self.qkv(x).split(cfg.d_model, dim=-1)
        q = q.view(B, T, cfg.n_heads, cfg.d_head).transpose(1, 2)
        k = k.view(B, T, cfg.n_heads, cfg.d_head).transpose(1, 2)
        v = v.view(B, T, cfg.n_heads, cfg.d_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * cfg.scale
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        att = att.masked_fill(~causal, float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = (att @ v).contiguous().view(B, T, C)
        return self.proj(y)
