import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int) -> None:
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _heads(self, t: torch.Tensor) -> torch.Tensor:
        B, T, C = t.shape
        return t.reshape(B, T, self.n_heads, C // self.n_heads).permute(0, 2, 1, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        q, k, v = self._heads(self.wq(x)), self._heads(self.wk(x)), self._heads(self.wv(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(C)
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(diagonal=1)
        weights = F.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        merged = torch.matmul(weights, v).permute(0, 2, 1, 3).reshape(B, T, C)
        return self.wo(merged)


class TransformerBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, mlp_ratio: int = 4) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.fc_in = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc_out = nn.Linear(mlp_ratio * d_model, d_model)

    def _mlp(self, h: torch.Tensor) -> torch.Tensor:
        return self.fc_out(F.gelu(self.fc_in(h)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 3
        x = x + self.attn(self.norm1(x))
        x = x + self._mlp(self.norm1(x))
        return x
