import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        nh = self.n_heads
        hd = C // nh
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.reshape(B, nh, T, hd)
        k = k.reshape(B, nh, T, hd)
        v = v.reshape(B, nh, T, hd)
        att = q @ k.transpose(-2, -1) / math.sqrt(hd)
        mask = torch.tril(torch.ones(T, T, device=x.device)).bool()
        att = att.masked_fill(~mask, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).reshape(B, T, C)
        return self.proj(y)
