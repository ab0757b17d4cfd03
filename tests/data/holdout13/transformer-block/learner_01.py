import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        hd = D // self.n_heads
        q = self.q_proj(x).reshape(B, T, self.n_heads, hd).transpose(1, 2)
        k = self.k_proj(x).reshape(B, T, self.n_heads, hd).transpose(1, 2)
        v = self.v_proj(x).reshape(B, T, self.n_heads, hd).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(2, 3)) * hd ** -0.5
        hidden = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(hidden, float("-inf"))
        weights = torch.softmax(scores, dim=-2)
        out = torch.matmul(weights, v).transpose(1, 2).reshape(B, T, D)
        return self.o_proj(out)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        hidden = mlp_ratio * d_model
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, hidden), nn.GELU(), nn.Linear(hidden, d_model))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return self.norm2(x + self.ff(x))
