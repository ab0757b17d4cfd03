import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def _heads(self, t):
        B, T, C = t.shape
        return t.view(B, T, self.n_heads, C // self.n_heads).transpose(1, 2)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self._heads(self.q_proj(x)), self._heads(self.k_proj(x)), self._heads(self.v_proj(x))
        scores = q @ k.transpose(-2, -1) / math.sqrt(C // self.n_heads)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1)
        probs = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        return self.o_proj((probs @ v).transpose(1, 2).reshape(B, T, C))


class FeedForward(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_model, hidden), nn.ReLU(), nn.Linear(hidden, d_model))

    def forward(self, x):
        return self.net(x)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.ffn = FeedForward(d_model, mlp_ratio * d_model)

    def forward(self, x):
        h = x + self.attn(self.norm1(x))
        return h + self.ffn(self.norm2(x))
