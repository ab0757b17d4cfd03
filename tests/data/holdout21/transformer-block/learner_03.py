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
    def d_head(self):
        return self.d_model // self.n_heads

    @property
    def d_hidden(self):
        return self.mlp_ratio * self.d_model


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.cfg = BlockConfig(d_model, n_heads)
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H, dh = self.cfg.n_heads, self.cfg.d_head
        q, k, v = self.c_attn(x).view(B, T, H, 3, dh).permute(3, 0, 2, 1, 4)
        s = q @ k.transpose(-2, -1) / dh ** 0.5
        s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1), float("-inf"))
        y = F.softmax(s, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.cfg = BlockConfig(d_model, n_heads, mlp_ratio)
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.fc_in = nn.Linear(d_model, self.cfg.d_hidden)
        self.fc_out = nn.Linear(self.cfg.d_hidden, d_model)

    def forward(self, x):
        x = self.attn(self.ln_1(x))
        return x + self.fc_out(F.gelu(self.fc_in(self.ln_1(x))))
