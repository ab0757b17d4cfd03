import enum
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sub(enum.Enum):
    ATTN = "attn"
    MLP = "mlp"


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        H = self.n_heads
        split = lambda t: t.view(B, T, H, C // H).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        s = q @ k.transpose(-2, -1) / math.sqrt(C // H)
        s = s.masked_fill(~torch.ones(T, T, dtype=torch.bool, device=x.device).tril(), float("-inf"))
        y = (F.softmax(s, dim=-1) @ v).transpose(1, 2).reshape(B, T, C)
        return self.o(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.fc = nn.Linear(d_model, mlp_ratio * d_model)
        self.proj = nn.Linear(mlp_ratio * d_model, d_model)

    def _sublayer(self, which, x):
        match which:
            case Sub.ATTN:
                return self.attn(self.ln1(x))
            case Sub.MLP:
                return self.proj(F.gelu(self.fc(self.ln1(x))))

    def forward(self, x):
        for which in reversed(Sub):
            x = x + self._sublayer(which, x)
        return x
