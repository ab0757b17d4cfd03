import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.n_heads
        q = self.q(x).view(B, T, H, D // H)
        k = self.k(x).view(B, T, H, D // H)
        v = self.v(x).view(B, T, H, D // H)
        s = torch.einsum("bihd,bjhd->bhij", q, k) * (D // H) ** -0.5
        future = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        s = s.masked_fill(future, float("-inf"))
        a = s.softmax(dim=-1)
        y = torch.einsum("bhij,bjhd->bihd", a, v).reshape(B, T, D)
        return self.o(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        h = x + self.attn(self.norm1(x))
        return h + self.mlp(self.norm2(h))
