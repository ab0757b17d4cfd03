import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.dh = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        q = self.q_proj(x).reshape(B, T, self.h, self.dh)
        k = self.k_proj(x).reshape(B, T, self.h, self.dh)
        v = self.v_proj(x).reshape(B, T, self.h, self.dh)
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) * self.dh ** -0.5
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        s = s.masked_fill(future, float("-inf"))
        w = s.softmax(dim=-1)
        y = torch.einsum("bhqk,bkhd->bqhd", w, v).reshape(B, T, D)
        return self.out_proj(y)
