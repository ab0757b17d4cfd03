import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    """Last session's module: separate q, k, v projections."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        hd = C // self.n_heads
        # project and split into heads: (B, H, T, hd)
        q = self.q(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        k = self.k(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        v = self.v(x).view(B, T, self.n_heads, hd).transpose(1, 2)
        # attention scores, scaled by sqrt(head size)
        scores = q @ k.transpose(-2, -1) / hd ** 0.5
        # hide future positions from each query
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        scores = scores.masked_fill(~mask, float("-inf"))
        probs = scores.softmax(dim=-1)
        # mix values and merge the heads back
        out = (probs @ v).transpose(1, 2).reshape(B, T, C)
        return self.proj(out)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        # pre-norm: each sub-layer sees a normalised copy of the residual stream
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        # position-wise MLP with a 4x hidden layer and exact GELU
        self.mlp = nn.Sequential(
            nn.Linear(d_model, mlp_ratio * d_model),
            nn.ReLU(),
            nn.Linear(mlp_ratio * d_model, d_model),
        )

    def forward(self, x):
        # attention sub-layer with a residual connection
        x = x + self.attn(self.ln1(x))
        # MLP sub-layer with a residual connection
        x = x + self.mlp(self.ln1(x))
        return x
