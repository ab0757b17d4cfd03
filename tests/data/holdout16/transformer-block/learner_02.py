import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        if d_model % n_heads != 0:
            raise ValueError("n_heads must divide d_model")
        self.d_model = d_model
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def _split(self, t):
        B, T, _ = t.shape
        return t.view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    def forward(self, x):
        if x.dim() != 3 or x.shape[-1] != self.d_model:
            raise ValueError(f"expected (B, T, {self.d_model}), got {tuple(x.shape)}")
        B, T, _ = x.shape
        q, k, v = self._split(self.q_proj(x)), self._split(self.k_proj(x)), self._split(self.v_proj(x))
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.d_model)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        merged = torch.matmul(weights, v).transpose(1, 2).reshape(B, T, self.d_model)
        return self.out_proj(merged)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        if not isinstance(mlp_ratio, int) or mlp_ratio < 1:
            raise ValueError("mlp_ratio must be a positive int")
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        if x.dim() != 3:
            raise ValueError("x must be (B, T, d_model)")
        h = self.attn(self.norm1(x))
        out = h + self.fc2(self.act(self.fc1(self.norm2(h))))
        return out
