import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.dk = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def _heads(self, t):
        return t.unflatten(-1, (self.h, self.dk)).permute(0, 2, 1, 3)

    def forward(self, x):
        B, T, C = x.shape
        q = self._heads(self.q_proj(x))
        k = self._heads(self.k_proj(x))
        v = self._heads(self.v_proj(x))
        s = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(self.dk)
        keep = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        s = s.masked_fill(~keep, float("-inf"))
        a = s.softmax(dim=-1)
        y = torch.einsum("bhij,bhjd->bhid", a, v)
        y = y.permute(0, 2, 1, 3).reshape(B, T, C)
        return self.o_proj(y)
