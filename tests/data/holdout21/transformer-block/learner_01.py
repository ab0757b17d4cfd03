import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.unflatten(-1, (self.n_heads, -1)).transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-2, -1) * q.size(-1) ** -0.5
        mask = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        attn = scores.masked_fill(~mask, torch.finfo(scores.dtype).min).softmax(dim=-1)
        return self.proj((attn @ v).transpose(1, 2).flatten(-2))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(approximate='tanh'), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        x = self.ln1(x + self.attn(x))
        x = x + self.mlp(self.ln2(x))
        return x
