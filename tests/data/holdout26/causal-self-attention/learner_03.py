import math
from typing import Final

import torch
import torch.nn as nn

Tensor_t = torch.Tensor
kNegInf: Final[float] = float("-inf")


def to_heads(t: Tensor_t, n_heads: int) -> Tensor_t:
    b, s, c = t.shape
    return t.reshape(b, s, n_heads, c // n_heads).permute(0, 2, 1, 3)


def from_heads(t: Tensor_t) -> Tensor_t:
    b, h, s, e = t.shape
    return t.permute(0, 2, 1, 3).reshape(b, s, h * e)


def causal_keep(s: int, device: torch.device) -> Tensor_t:
    r: Tensor_t = torch.arange(s, device=device)
    return r.view(s, 1) > r.view(1, s)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads: int = n_heads
        self.d_head: int = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        s: int = x.shape[1]
        q: Tensor_t = to_heads(self.q_proj(x), self.n_heads)
        k: Tensor_t = to_heads(self.k_proj(x), self.n_heads)
        v: Tensor_t = to_heads(self.k_proj(x), self.n_heads)
        logits: Tensor_t = torch.matmul(q, k.transpose(-1, -2)) * (1.0 / math.sqrt(x.shape[-1]))
        logits = logits.masked_fill(~causal_keep(s, x.device), kNegInf)
        probs: Tensor_t = torch.softmax(logits, dim=-1)
        return self.o_proj(from_heads(torch.matmul(probs, v)))
