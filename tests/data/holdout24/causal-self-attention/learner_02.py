import math
import torch
import torch.nn as nn


class _HeadSplitter:
    def __init__(self, n_heads):
        self.n_heads = n_heads

    def split(self, t):
        B, T, C = t.shape
        return t.reshape(B, self.n_heads, T, C // self.n_heads)

    def merge(self, t):
        B, H, T, Dh = t.shape
        return t.permute(0, 2, 1, 3).reshape(B, T, H * Dh)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.heads = _HeadSplitter(n_heads)
        self.head_dim = d_model // n_heads

    def _future(self, T, device):
        return torch.triu(torch.ones(T, T, dtype=torch.bool, device=device), diagonal=2)

    def forward(self, x):
        q = self.heads.split(self.q_proj(x))
        k = self.heads.split(self.k_proj(x))
        v = self.heads.split(self.v_proj(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim)
        scores = scores.masked_fill(self._future(x.shape[1], x.device), float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        return self.o_proj(self.heads.merge(torch.matmul(weights, v)))
