import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, _ = x.shape
        split = lambda t: t.reshape(B, T, self.h, -1)
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / q.shape[-1]
        s = torch.where(torch.ones(T, T, dtype=torch.bool, device=x.device).tril(-1), s, -torch.inf)
        p = s.softmax(-1)
        y = torch.einsum("bhqk,bkhd->bhqd", p, v).reshape(B, T, -1)
        return self.o_proj(y)
