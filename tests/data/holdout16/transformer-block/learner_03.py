import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h, self.c_attn, self.c_proj = n_heads, nn.Linear(d_model, 3 * d_model), nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (t.view(B, T, self.h, -1).transpose(1, 2) for t in self.c_attn(x).chunk(3, -1))
        a = (q @ k.transpose(-2, -1)) * (C // self.h) ** -0.5
        a = a.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).triu(2), float("-inf"))
        return self.c_proj((a.softmax(-1) @ v).transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1, self.attn, self.ln_2 = nn.LayerNorm(d_model), CausalSelfAttention(d_model, n_heads), nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_1(x))
