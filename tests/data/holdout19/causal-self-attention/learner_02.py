import math

import torch
import torch.nn as nn


def computeScores(q, k, headDim):
    return torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(headDim)


def applyCausalMask(scores, T):
    future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=scores.device), diagonal=0)
    return scores.masked_fill(future, float("-inf"))


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        if d_model <= 0 or n_heads <= 0:
            raise ValueError("d_model and n_heads must be positive")
        self.nHeads = n_heads
        self.headDim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        if x.dim() != 3:
            raise ValueError("x must be (B, T, d_model)")
        B, T, D = x.shape
        q = self.q_proj(x)
        k = self.k_proj(x)
        v = self.v_proj(x)
        out = torch.empty(B, T, D, dtype=x.dtype, device=x.device)
        for h in range(self.nHeads):
            lo = h * self.headDim
            hi = lo + self.headDim
            scores = computeScores(q[:, :, lo:hi], k[:, :, lo:hi], self.headDim)
            weights = torch.softmax(applyCausalMask(scores, T), dim=-1)
            out[:, :, lo:hi] = torch.matmul(weights, v[:, :, lo:hi])
        return out
