import math
from typing import NamedTuple

import torch
import torch.nn as nn


class HeadLayout(NamedTuple):
    n_heads: int
    d_head: int


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0, "n_heads must divide d_model"
        self.layout = HeadLayout(n_heads, d_model // n_heads)
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.attn_drop = nn.Dropout(0.1)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        B, T, _ = t.shape
        return t.reshape(B, T, self.layout.n_heads, self.layout.d_head).permute(0, 2, 1, 3)

    def forward(self, x):
        assert x.dim() == 3, "x must be (B, T, d_model)"
        B, T, C = x.shape
        assert C == self.layout.n_heads * self.layout.d_head, "wrong d_model"
        q, k, v = self._split(self.q_proj(x)), self._split(self.q_proj(x)), self._split(self.v_proj(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.layout.d_head)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future.expand(B, self.layout.n_heads, T, T), float("-inf"))
        weights = self.attn_drop(torch.softmax(scores, dim=-1))
        y = torch.matmul(weights, v).permute(0, 2, 1, 3).reshape(B, T, C)
        return self.o_proj(y)
