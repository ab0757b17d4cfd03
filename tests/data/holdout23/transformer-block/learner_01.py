import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        heads = lambda t: t.unflatten(-1, (self.n_heads, -1)).transpose(1, 2)
        q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
        s = q.matmul(k.transpose(-1, -2)).mul(q.shape[-1] ** -0.5)
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).triu().logical_not(), float("-inf"))
        y = s.softmax(-1).matmul(v).transpose(1, 2).flatten(-2)
        return self.proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.ReLU(), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        sub = lambda f, ln, t: f(ln(t))
        x = sub(self.attn, self.ln1, x)
        return sub(self.mlp, self.ln2, x)
