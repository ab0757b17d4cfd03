import math

import torch
import torch.nn as nn

DEBUG = False


def dbg(msg, t=None):
    if DEBUG:
        print(msg, None if t is None else tuple(t.shape))


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        dbg("x", x)
        q = self.q_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        k = self.k_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        dbg("q after split", q)
        att = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=2)
        att = att.masked_fill(future, float("-inf"))
        dbg("att", att)
        att = att.softmax(dim=-1)
        y = (att @ v).contiguous().view(B, T, C)
        dbg("y merged", y)
        return self.o_proj(y)
