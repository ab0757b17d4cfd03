import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model, bias=False)
        self.c_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        B, T, C = x.shape
        k, q, v = self.c_attn(x).chunk(3, dim=-1)
        split = lambda t: t.reshape(B, T, self.h, C // self.h).transpose(1, 2)
        q, k, v = split(q), split(k), split(v)
        scores = torch.matmul(q, k.transpose(2, 3)) / (C // self.h) ** 0.5
        hide = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        scores = scores.masked_fill(hide, float("-inf"))
        y = torch.matmul(scores.softmax(-1), v)
        return self.c_proj(y.transpose(1, 2).reshape(B, T, C))


class MLP(nn.Module):
    def __init__(self, d_model, ratio):
        super().__init__()
        self.c_fc = nn.Linear(d_model, ratio * d_model)
        self.act = nn.GELU()
        self.c_proj = nn.Linear(ratio * d_model, d_model)

    def forward(self, x):
        return self.c_proj(self.act(self.c_fc(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model, mlp_ratio)

    def forward(self, x):
        h = x + self.attn(self.ln_1(x))
        out = h + self.mlp(self.ln_2(h))
        return out
