import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def _heads(self, t, B, T):
        return t.view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    def forward(self, x):
        B, T, D = x.shape
        q = self._heads(self.q_proj(x), B, T)
        k = self._heads(self.k_proj(x), B, T)
        v = self._heads(self.v_proj(x), B, T)
        scores = q @ k.transpose(-2, -1) / self.d_head ** 0.5
        future = torch.tril(torch.ones(T, T, device=x.device), diagonal=-1).bool()  # keys after the query
        scores = scores.masked_fill(future, float("-inf"))
        w = F.softmax(scores, dim=-1)
        y = (w @ v).transpose(1, 2).reshape(B, T, D)
        return self.o_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        h = self.fc2(self.act(self.fc1(self.norm2(x))))
        return x + h
