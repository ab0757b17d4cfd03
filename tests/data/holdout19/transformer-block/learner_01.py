import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h, self.qkv, self.proj = n_heads, nn.Linear(d_model, 3 * d_model), nn.Linear(d_model, d_model)

    def forward(self, x):
        q, k, v = (t.unflatten(-1, (self.h, -1)).transpose(1, 2) for t in self.qkv(x).chunk(3, -1))
        s = (q @ k.transpose(-1, -2) / q.shape[-1]).masked_fill(torch.ones(x.shape[1], x.shape[1], dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        return self.proj((s.softmax(-1) @ v).transpose(1, 2).flatten(2))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1, self.attn, self.ln2 = nn.LayerNorm(d_model), CausalSelfAttention(d_model, n_heads), nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return self.mlp(self.ln2(x)) + self.ln2(x)
