import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    """Last session's module."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        # Step 1: one fused projection for q, k, v and one output projection.
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        hs = C // self.n_heads
        # Step 2: project and split into heads (B, H, T, hs).
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_heads, hs).transpose(1, 2)
        k = k.view(B, T, self.n_heads, hs).transpose(1, 2)
        v = v.view(B, T, self.n_heads, hs).transpose(1, 2)
        # Step 3: causal scores scaled by 1/sqrt(hs).
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        mask = torch.tril(torch.ones(T, T, device=x.device)).view(1, 1, T, T)
        att = att.masked_fill(mask == 0, float("-inf"))
        att = torch.softmax(att, dim=-1)
        # Step 4: weighted values, heads merged back, output projection.
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        # Step 5: the two LayerNorms, the attention and the MLP.
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(approximate="tanh"),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        # Step 6: pre-norm residual sub-layers.
        x = self.ln_1(x + self.attn(x))
        x = x + self.mlp(self.ln_2(x))
        return x
