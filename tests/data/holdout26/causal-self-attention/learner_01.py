import math

import torch
import torch.nn as nn


def split_frames(t, n_heads):
    B, T, C = t.shape
    return t.view(B, T, n_heads, C // n_heads).transpose(1, 2)


def merge_frames(t):
    B, H, T, hs = t.shape
    return t.reshape(B, T, H * hs)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q, k, v = split_frames(q, self.n_heads), split_frames(k, self.n_heads), split_frames(v, self.n_heads)
        hs = C // self.n_heads
        dots = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(hs)
        visible = torch.ones(T, T, dtype=torch.bool, device=x.device).triu()
        dots = dots.masked_fill(~visible, float("-inf"))
        blend = torch.softmax(dots, dim=-1)
        return self.proj(merge_frames(torch.matmul(blend, v)))
