import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        (B, T, C), H = x.shape, self.h
        q, k, v = (t.unflatten(-1, (H, C // H)).transpose(1, 2) for t in self.qkv(x).chunk(3, dim=-1))
        s = (q @ k.transpose(-2, -1)) * (C // H) ** -0.5
        s = s.masked_fill(~(keep := torch.ones(T, T, dtype=torch.bool, device=x.device).tril()), float("-inf"))
        return self.proj((s.softmax(-1) @ v).transpose(1, 2).flatten(-2))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, (hid := mlp_ratio * d_model)), nn.ReLU(), nn.Linear(hid, d_model))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(x)
