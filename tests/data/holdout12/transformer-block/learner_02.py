import torch
from torch import nn
from torch.nn import functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.n_heads
        q = self.q(x).reshape(B, T, H, D // H).transpose(1, 2)
        k = self.k(x).reshape(B, T, H, D // H).transpose(1, 2)
        v = self.v(x).reshape(B, T, H, D // H).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(2, 3)) * (D // H) ** -0.5
        causal = torch.arange(T, device=x.device)[:, None] >= torch.arange(T, device=x.device)[None, :]
        scores = scores.masked_fill(~causal, float("-inf"))
        out = torch.matmul(scores.softmax(-1), v)
        return self.o(out.transpose(1, 2).reshape(B, T, D))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        hidden = int(d_model * mlp_ratio)
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, hidden)
        self.fc2 = nn.Linear(hidden, d_model)

    def forward(self, x):
        h = x + self.attn(self.norm1(x))
        m = self.fc2(F.dropout(F.gelu(self.fc1(self.norm2(h))), 0.1))
        return x + m
