import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

LN_EPS: float = 1e-5


@dataclass(frozen=True)
class BlockConfig:
    d_model: int
    n_heads: int
    mlp_ratio: int = 4

    @property
    def head_dim(self) -> int:
        return self.d_model // self.n_heads


class CausalSelfAttention(nn.Module):
    """Fused-QKV causal self-attention."""

    def __init__(self, d_model: int, n_heads: int) -> None:
        super().__init__()
        if d_model % n_heads:
            raise ValueError("n_heads must divide d_model")
        self.cfg = BlockConfig(d_model, n_heads)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        """(B, T, d) -> (B, H, T, d_head)."""
        b, n, _ = t.shape
        return t.view(b, n, self.cfg.n_heads, self.cfg.head_dim).transpose(1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        k, q, v = (self._split(t) for t in self.qkv(x).chunk(3, dim=-1))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.cfg.head_dim)
        future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        return self.proj((weights @ v).transpose(1, 2).reshape(b, n, d))


class TransformerBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, mlp_ratio: int = 4) -> None:
        super().__init__()
        self.cfg = BlockConfig(d_model, n_heads, mlp_ratio)
        self.ln1 = nn.LayerNorm(d_model, eps=LN_EPS)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model, eps=LN_EPS)
        self.fc = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc_out = nn.Linear(mlp_ratio * d_model, d_model)

    def _mlp(self, h: torch.Tensor) -> torch.Tensor:
        """Linear(d, 4d) -> exact GELU -> Linear(4d, d)."""
        return self.fc_out(F.gelu(self.fc(h), approximate="tanh"))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.ln1(x + self.attn(x))
        x = x + self._mlp(self.ln2(x))
        return x
