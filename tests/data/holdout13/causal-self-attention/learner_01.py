import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.d_head = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, d_model, bias=False)
        self.v_proj = nn.Linear(d_model, d_model, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def _split(self, t):
        B, T, _ = t.shape
        return t.reshape(B, self.h, T, self.d_head)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self._split(self.q_proj(x)), self._split(self.k_proj(x)), self._split(self.k_proj(x))
        s = torch.einsum("bhid,bhjd->bhij", q, k) / self.d_head ** 0.5
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        s = s.masked_fill(future, float("-inf"))
        p = s.softmax(dim=-1)
        o = torch.einsum("bhij,bhjd->bhid", p, v)
        o = o.permute(0, 2, 1, 3).reshape(B, T, D)
        return self.o_proj(o)
