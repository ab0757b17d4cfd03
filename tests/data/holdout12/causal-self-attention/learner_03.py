import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.d_head = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, d_model, bias=False)
        self.v_proj = nn.Linear(d_model, d_model, bias=False)
        self.out_proj = nn.Linear(d_model, d_model, bias=False)

    def split(self, t):
        B, T, _ = t.shape
        return t.reshape(B, T, self.h, self.d_head).permute(0, 2, 1, 3)

    def forward(self, x):
        B, T, D = x.shape
        q = self.split(self.q_proj(x))
        k = self.split(self.k_proj(x))
        v = self.split(self.v_proj(x))
        scores = torch.einsum("bhid,bhjd->bhij", q, k) / self.d_head ** 0.5
        future = torch.ones(T, T, device=x.device).tril(-1).bool()
        scores = scores.masked_fill(future, float("-inf"))
        probs = scores.softmax(dim=-1)
        out = torch.einsum("bhij,bhjd->bhid", probs, v)
        out = out.permute(0, 2, 3, 1).reshape(B, T, D)
        return self.out_proj(out)
