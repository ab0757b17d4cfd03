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
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, _ = x.shape
        split = lambda z: z.reshape(b, t, self.h, self.dh)
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        scores = torch.einsum("bqhd,bkhd->bhkq", q, k) / self.dh ** 0.5
        future = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), diagonal=0)
        scores = scores.masked_fill(future, float("-inf"))
        weights = scores.softmax(dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", weights, v)
        return self.o_proj(out.reshape(b, t, self.h * self.dh))
