import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.wq = nn.Linear(d_model, d_model, bias=False)
        self.wk = nn.Linear(d_model, d_model, bias=False)
        self.wv = nn.Linear(d_model, d_model, bias=False)
        self.wo = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        e = D // self.h
        # (b t (h e)) -> (b t h e)
        q = self.wq(x).reshape(B, T, self.h, e)
        k = self.wk(x).reshape(B, T, self.h, e)
        v = self.wv(x).reshape(B, T, self.h, e)
        s = torch.einsum("bthe,bshe->bhts", q, k) / e ** 0.5
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        s = s.masked_fill(future, float("-inf"))
        a = torch.softmax(s, dim=-1)
        o = torch.einsum("bhts,bshe->bhte", a, v).reshape(B, T, D)
        return self.wo(o)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.up = nn.Linear(d_model, mlp_ratio * d_model)
        self.down = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        # (b t d) -> (b t d), a residual around each sub-layer
        x = self.norm1(x) + self.attn(self.norm1(x))
        h = torch.nn.functional.gelu(self.up(self.norm2(x)))
        return x + self.down(h)
