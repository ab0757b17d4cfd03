import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    """MultiHead(Q, K, V) = Concat(head_1, ..., head_h) W^O, head_i = Attention(Q W_i^Q, K W_i^K, V W_i^V)."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.d_k = d_model // n_heads
        self.q = nn.Linear(d_model, d_model)   # W^Q
        self.k = nn.Linear(d_model, d_model)   # W^K
        self.v = nn.Linear(d_model, d_model)   # W^V
        self.o = nn.Linear(d_model, d_model)   # W^O

    def forward(self, x):
        B, T, d_model = x.shape
        Q = self.q(x).view(B, T, self.h, self.d_k).transpose(1, 2)
        K = self.k(x).view(B, T, self.h, self.d_k).transpose(1, 2)
        V = self.v(x).view(B, T, self.h, self.d_k).transpose(1, 2)
        # Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V, with future positions masked
        scores = Q @ K.transpose(-2, -1) / self.d_k
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        scores = scores.masked_fill(~causal, float("-inf"))
        heads = torch.softmax(scores, dim=-1) @ V
        return self.o(heads.transpose(1, 2).reshape(B, T, d_model))


class TransformerBlock(nn.Module):
    """x' = x + MHA(LN_1(x)); y = x' + FFN(LN_2(x')), FFN(z) = GELU(z W_1 + b_1) W_2 + b_2."""

    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)   # W_1
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)   # W_2

    def forward(self, x):
        x = self.ln_1(x + self.attn(x))
        return x + self.fc2(F.gelu(self.fc1(self.ln_2(x))))
