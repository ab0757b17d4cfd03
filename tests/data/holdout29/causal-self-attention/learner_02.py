import math
from typing import Final, Protocol

import torch
import torch.nn as nn
from torch import Tensor

NEG_INF: Final[float] = float("-inf")


class Projection(Protocol):
    def __call__(self, x: Tensor) -> Tensor: ...


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int) -> None:
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads: int = n_heads
        self.d_head: int = d_model // n_heads
        self.qkv: Projection = nn.Linear(d_model, 3 * d_model)
        self.proj: Projection = nn.Linear(d_model, d_model)

    def forward(self, x: Tensor) -> Tensor:
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, self.d_head).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.d_head)
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        att = att.masked_fill(future, NEG_INF)
        y = att.softmax(dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(B, T, C)) + x
