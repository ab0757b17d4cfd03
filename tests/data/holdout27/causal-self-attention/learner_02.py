import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.n_heads
        # %% [1] project
        s1_q, s1_k, s1_v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        # %% [2] split heads: (B, T, D) -> (B, H, T, D / H)
        s2_q = s1_q.reshape(B, T, H, D // H).permute(0, 2, 1, 3)
        s2_k = s1_k.reshape(B, T, H, D // H).permute(0, 2, 1, 3)
        s2_v = s1_k.reshape(B, T, H, D // H).permute(0, 2, 1, 3)
        # %% [3] scaled scores
        s3_scores = torch.matmul(s2_q, s2_k.transpose(-1, -2)) / math.sqrt(D // H)
        # %% [4] causal mask: key j is visible from query i when j <= i
        s4_mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device))
        s4_scores = s3_scores.masked_fill(~s4_mask, float("-inf"))
        # %% [5] softmax over the keys
        s5_w = torch.softmax(s4_scores, dim=-2)
        # %% [6] weighted values, merge the heads back
        s6_y = torch.matmul(s5_w, s2_v).permute(0, 2, 1, 3).reshape(B, T, D)
        # %% [7] output projection
        s7_out = self.o_proj(s6_y)
        return s7_out
