import functools
import math

import torch
import torch.nn as nn


def residual(fn):
    """Wrap a sub-layer's method so it returns x + fn(x)."""
    @functools.wraps(fn)
    def wrapper(self, x):
        return fn(self, x)
    return wrapper


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        dh = C // self.n_heads
        q, v, k = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_heads, dh).transpose(1, 2)
        k = k.view(B, T, self.n_heads, dh).transpose(1, 2)
        v = v.view(B, T, self.n_heads, dh).transpose(1, 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(dh)
        att = att.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        y = att.softmax(dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.SiLU(),
                                 nn.Linear(mlp_ratio * d_model, d_model))

    @residual
    def _attend(self, x):
        return self.attn(self.ln_1(x))

    @residual
    def _feed_forward(self, x):
        return self.mlp(self.ln_2(x))

    def forward(self, x):
        return self._feed_forward(self._attend(x))
