import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.d_k = d_model // n_heads
        self.W_q = nn.Linear(d_model, d_model)
        self.W_k = nn.Linear(d_model, d_model)
        self.W_v = nn.Linear(d_model, d_model)
        self.W_o = nn.Linear(d_model, d_model)

    def forward(self, X):
        B, T, d_model = X.shape
        Q = self.W_q(X).view(B, T, self.h, self.d_k).transpose(1, 2)      # Q = X W_q, split into h heads
        K = self.W_k(X).view(B, T, self.h, self.d_k).transpose(1, 2)      # K = X W_k
        V = self.W_v(X).view(B, T, self.h, self.d_k).transpose(1, 2)      # V = X W_v
        S = Q @ K.transpose(-2, -1) / math.sqrt(self.d_k)                  # S = Q K^T / sqrt(d_k)
        M = torch.triu(torch.full((T, T), float("-inf"), dtype=X.dtype, device=X.device), diagonal=1)
        A = F.softmax(S + M, dim=-1)                                      # A = softmax(S + M)
        H = (A @ V).transpose(1, 2).reshape(B, T, d_model)                # concat(head_1, ..., head_h)
        return self.W_o(H)                                                # MultiHead = concat W_o


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.W_1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.W_2 = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        x = self.ln_1(x + self.attn(x))                                   # x' = x + MHA(LN_1(x))
        x = x + self.W_2(F.gelu(self.W_1(self.ln_1(x))))                  # x'' = x' + W_2 GELU(W_1 LN_2(x'))
        return x
