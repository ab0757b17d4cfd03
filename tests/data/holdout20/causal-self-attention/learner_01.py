import math

import torch
import torch.nn as nn


class SplitHeads(nn.Module):
    def __init__(self, n_heads):
        super().__init__()
        self.n_heads = n_heads

    def forward(self, t):
        B, T, D = t.shape
        return t.view(B, self.n_heads, T, D // self.n_heads)


class MergeHeads(nn.Module):
    def forward(self, t):
        B, H, T, E = t.shape
        return t.transpose(1, 2).contiguous().view(B, T, H * E)


class CausalSoftmax(nn.Module):
    def forward(self, scores):
        T = scores.shape[-1]
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=scores.device), diagonal=0)
        return torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)
        self.split = SplitHeads(n_heads)
        self.merge = MergeHeads()
        self.softmax = CausalSoftmax()

    def forward(self, x):
        q = self.split(self.q_proj(x))
        k = self.split(self.k_proj(x))
        v = self.split(self.v_proj(x))
        scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
        return self.merge(self.softmax(scores) @ v)
