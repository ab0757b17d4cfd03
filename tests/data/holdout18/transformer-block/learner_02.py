import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads, max_len=512):
        super().__init__()
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.register_buffer("mask_bias", torch.full((max_len, max_len), float("-inf")).triu(1), persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        H = self.n_heads
        qkv = self.c_attn(x).view(B, T, 3, H, C // H).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0].reshape(B * H, T, C // H), qkv[1].reshape(B * H, T, C // H), qkv[2].reshape(B * H, T, C // H)
        att = torch.baddbmm(self.mask_bias[:T, :T].expand(B * H, T, T), q, k.transpose(1, 2), alpha=C ** -0.5)
        att = F.softmax(att, dim=-1, dtype=x.dtype)
        y = torch.bmm(att, v).view(B, H, T, C // H).transpose(1, 2).reshape(B, T, C)
        return self.c_proj(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        h = x + self.attn(self.ln_1(x))
        return h + self.mlp(self.ln_2(x))
