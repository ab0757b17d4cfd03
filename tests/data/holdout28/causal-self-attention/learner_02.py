import math

import torch
import torch.nn as nn


def make_splitter(n_heads):
    def split(t):
        B, T, C = t.shape
        return t.view(B, T, n_heads, C // n_heads).transpose(1, 2)

    return split


def make_merger():
    def merge(t):
        B, H, T, Dh = t.shape
        return t.transpose(1, 2).reshape(B, T, H * Dh)

    return merge


def make_causal_attend(d_head):
    scale = 1.0 / math.sqrt(d_head)

    def attend(q, k, v):
        T = q.shape[-2]
        s = (q @ k.transpose(-2, -1)) * scale
        keep = torch.ones(T, T, dtype=torch.bool, device=q.device).triu()
        s = s.masked_fill(~keep, float("-inf"))
        return torch.softmax(s, dim=-1) @ v

    return attend


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.split = make_splitter(n_heads)
        self.merge = make_merger()
        self.attend = make_causal_attend(d_model // n_heads)

    def forward(self, x):
        k, q, v = self.qkv(x).chunk(3, dim=-1)
        y = self.attend(self.split(q), self.split(k), self.split(v))
        return self.proj(self.merge(y))
