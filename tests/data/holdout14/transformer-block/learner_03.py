import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, d = x.shape
        dh = d // self.h
        q = self.q_proj(x).view(b, t, self.h, dh).permute(0, 2, 1, 3)
        k = self.k_proj(x).view(b, t, self.h, dh).permute(0, 2, 3, 1)
        v = self.v_proj(x).view(b, t, self.h, dh).permute(0, 2, 1, 3)
        s = torch.matmul(q, k) * dh ** -0.5
        hide = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
        s = s.masked_fill(hide, float("-inf"))
        p = torch.softmax(s, dim=-1)
        o = torch.matmul(p, v).permute(0, 2, 1, 3).reshape(b, t, d)
        return self.out_proj(o)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        h = self.norm1(x) + self.attn(self.norm1(x))
        out = h + self.fc2(F.gelu(self.fc1(self.norm2(x))))
        return out
