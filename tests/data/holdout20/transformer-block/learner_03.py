from functools import reduce

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        heads = lambda t: t.view(B, T, self.n_heads, D // self.n_heads).transpose(1, 2)
        q, k, v = map(heads, self.c_attn(x).split(D, dim=-1))
        mask = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        att = (q @ k.transpose(-2, -1)) * (D // self.n_heads) ** -0.5
        att = torch.softmax(att.masked_fill(~mask, float("-inf")), dim=-1)
        return self.c_proj((att @ v).transpose(1, 2).reshape(B, T, D))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(approximate="tanh"), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        sublayers = [(self.ln1, self.attn), (self.ln2, self.mlp)]
        return reduce(lambda h, pair: pair[0](h + pair[1](h)), sublayers, x)
