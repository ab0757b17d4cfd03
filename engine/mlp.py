"""The position-wise MLP: GELU (exact or tanh) as in GPT-2, and SwiGLU as in PaLM and Llama."""

from __future__ import annotations

import torch.nn.functional as F
from torch import nn


class MLP(nn.Module):
    """c_proj(GELU(c_fc(x))): d -> hidden (4d) -> d (nanoGPT's names)."""

    def __init__(self, d_model: int, hidden: int, bias: bool = True, approximate: str = "none"):
        super().__init__()
        self.approximate = approximate
        self.c_fc = nn.Linear(d_model, hidden, bias=bias)
        self.c_proj = nn.Linear(hidden, d_model, bias=bias)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate=self.approximate))


def swiglu(x, w_gate, w_up, w_down):
    """(silu(x @ w_gate) * (x @ w_up)) @ w_down, weights as (d, h), (d, h), (h, d)."""
    return (F.silu(x @ w_gate) * (x @ w_up)) @ w_down


class SwiGLU(nn.Module):
    """w2(silu(w1(x)) * w3(x)) (Meta's names: w1 gate, w3 up, w2 down)."""

    def __init__(self, d_model: int, hidden: int, bias: bool = False):
        super().__init__()
        self.w1 = nn.Linear(d_model, hidden, bias=bias)
        self.w3 = nn.Linear(d_model, hidden, bias=bias)
        self.w2 = nn.Linear(hidden, d_model, bias=bias)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


def gelu_mlp(x, w1, b1, w2, b2, approximate: str = "none"):
    """gelu(x @ w1 + b1) @ w2 + b2, weights as (d, h) and (h, d): the MLP as plain functions."""
    return F.gelu(x @ w1 + b1, approximate=approximate) @ w2 + b2
