import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, d_model, bias=False)
        self.v_proj = nn.Linear(d_model, d_model, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        hd = D // self.n_heads
        q = self.q_proj(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        s = torch.einsum("bhid,bhjd->bhij", q, k) / hd ** 0.5
        s = s + torch.full((T, T), float("-inf"), device=x.device, dtype=x.dtype).triu(0)
        a = s.softmax(-1)
        o = torch.einsum("bhij,bhjd->bhid", a, v).transpose(1, 2).reshape(B, T, D)
        return self.o_proj(o)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        h = x + self.attn(self.norm1(x))
        return h + self.mlp(self.norm2(x))
