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
        self.register_buffer("scale", torch.tensor((d_model // n_heads) ** 0.5, dtype=torch.float64), persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        q = self.q_proj(x).view(B, T, self.h, -1)
        k = self.k_proj(x).view(B, T, self.h, -1)
        v = self.v_proj(x).view(B, T, self.h, -1)
        s = torch.einsum("bihe,bjhe->bhij", q, k) * self.scale
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).tril(-1), float("-inf"))
        a = torch.softmax(s, dim=-1)
        y = torch.einsum("bhij,bjhe->bhie", a, v).reshape(B, T, C)
        return self.o_proj(y)
