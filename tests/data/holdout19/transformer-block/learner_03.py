import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention with a fused q, k, v projection."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        batch, seq_len, d_model = x.shape
        # step 1: project once, then split into queries, keys and values
        queries, keys, values = self.qkv(x).split(d_model, dim=-1)
        # step 2: (B, T, d) -> (B, H, T, head_dim)
        queries = queries.view(batch, seq_len, self.n_heads, self.head_dim).transpose(1, 2)
        keys = keys.view(batch, seq_len, self.n_heads, self.head_dim).transpose(1, 2)
        values = values.view(batch, seq_len, self.n_heads, self.head_dim).transpose(1, 2)
        # step 3: scaled scores with the future hidden
        scores = queries @ keys.transpose(-2, -1) / math.sqrt(self.head_dim)
        future = torch.triu(torch.ones(seq_len, seq_len, dtype=torch.bool, device=x.device), diagonal=1)
        scores = scores.masked_fill(future, float("-inf"))
        # step 4: attention weights and the weighted values, heads merged back
        attention_weights = torch.softmax(scores, dim=-1)
        context = (attention_weights @ values).transpose(1, 2).reshape(batch, seq_len, d_model)
        return self.proj(context)


class TransformerBlock(nn.Module):
    """Pre-norm block: x + attn(ln1(x)), then x + mlp(ln2(x))."""

    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.GELU(),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        # step 1: attention sub-layer on the normalised stream, added back
        x = self.ln1(x + self.attn(x))
        # step 2: MLP sub-layer, added back
        x = x + self.mlp(self.ln1(x))
        return x
