import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class BlockConfig:
    d_model: int
    n_heads: int
    mlp_ratio: int = 4

    @property
    def head_dim(self):
        return self.d_model // self.n_heads


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.wq = nn.Linear(cfg.d_model, cfg.d_model)
        self.wk = nn.Linear(cfg.d_model, cfg.d_model)
        self.wv = nn.Linear(cfg.d_model, cfg.d_model)
        self.wo = nn.Linear(cfg.d_model, cfg.d_model)

    def _split(self, t):
        B, T, _ = t.shape
        return t.view(B, T, self.cfg.n_heads, self.cfg.head_dim).transpose(1, 2)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self._split(self.wq(x)), self._split(self.wk(x)), self._split(self.wv(x))
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(D)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=0)
        weights = scores.masked_fill(future, float("-inf")).softmax(dim=-1)
        ctx = torch.matmul(weights, v).transpose(1, 2).reshape(B, T, D)
        return self.wo(ctx)


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        hidden = cfg.mlp_ratio * cfg.d_model
        self.fc_in = nn.Linear(cfg.d_model, hidden)
        self.fc_out = nn.Linear(hidden, cfg.d_model)

    def forward(self, x):
        return self.fc_out(F.gelu(self.fc_in(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        cfg = BlockConfig(d_model, n_heads, mlp_ratio)
        self.norm1 = nn.LayerNorm(cfg.d_model)
        self.attn = CausalSelfAttention(cfg)
        self.norm2 = nn.LayerNorm(cfg.d_model)
        self.mlp = MLP(cfg)

    def forward(self, x):
        h = x + self.attn(self.norm1(x))
        return h + self.mlp(self.norm2(x))
