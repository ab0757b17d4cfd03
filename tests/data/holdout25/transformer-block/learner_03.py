import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        e = C // self.h
        t0 = self.q(x).view(B, T, self.h, e).transpose(1, 2)              # %q  (B,h,T,e)
        t1 = self.k(x).view(B, T, self.h, e).transpose(1, 2)              # %k
        t2 = self.v(x).view(B, T, self.h, e).transpose(1, 2)              # %v
        t3 = t0 @ t1.transpose(-2, -1)                                    # %s
        t4 = t3 * C ** -0.5                                               # %s'
        t5 = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)  # %future
        t6 = t4.masked_fill(t5, float("-inf"))                            # %s''
        t7 = F.softmax(t6, dim=-1)                                        # %p
        t8 = t7 @ t2                                                      # %y  (B,h,T,e)
        t9 = t8.transpose(1, 2).reshape(B, T, C)                          # %cat
        return self.o(t9)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        t0 = self.norm1(x)
        t1 = self.attn(t0)
        t2 = x + t1
        t3 = self.norm2(t2)
        t4 = self.fc1(t3)
        t5 = F.gelu(t4)
        t6 = self.fc2(t5)
        t7 = x + t6
        return t7
