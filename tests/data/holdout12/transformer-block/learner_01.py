import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        qkv = self.c_attn(x).view(B, T, self.h, 3, C // self.h).permute(3, 0, 2, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        w = torch.einsum("bhtd,bhsd->bhts", q, k) / (C // self.h) ** 0.5
        w = w.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), 1), float("-inf"))
        w = F.softmax(w, dim=-1)
        y = torch.einsum("bhts,bhsd->bthd", w, v).reshape(B, T, C)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.c_fc = nn.Linear(d_model, hidden)
        self.act = nn.GELU()
        self.c_proj = nn.Linear(hidden, d_model)

    def forward(self, x):
        return self.c_proj(self.act(self.c_fc(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model, 4 * d_model)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))
