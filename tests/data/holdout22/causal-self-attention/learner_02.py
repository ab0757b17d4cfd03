import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_k = d_model // n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)   # W_Q, W_K, W_V stacked
        self.c_proj = nn.Linear(d_model, d_model)       # W_O

    def forward(self, x):
        B, T, C = x.shape
        K, Q, V = self.c_attn(x).split(C, dim=2)
        # head_i: (B, h, T, d_k)
        Q = Q.view(B, T, self.n_heads, self.d_k).transpose(1, 2)
        K = K.view(B, T, self.n_heads, self.d_k).transpose(1, 2)
        V = V.view(B, T, self.n_heads, self.d_k).transpose(1, 2)
        # Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k) + M) V, M = -inf above the diagonal
        scores = Q @ K.transpose(-2, -1) / math.sqrt(self.d_k)
        M = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=0)
        scores = scores.masked_fill(M, float("-inf"))
        heads = torch.softmax(scores, dim=-1) @ V
        # MultiHead = Concat(head_1, ..., head_h) W_O
        return self.c_proj(heads.transpose(1, 2).contiguous().view(B, T, C))
