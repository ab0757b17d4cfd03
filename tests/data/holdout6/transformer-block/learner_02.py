import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    """Last session's module: paste yours here."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.nh = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        hs = D // self.nh
        q = self.q(x).view(B, T, self.nh, hs).transpose(1, 2)
        k = self.k(x).view(B, T, self.nh, hs).transpose(1, 2)
        v = self.v(x).view(B, T, self.nh, hs).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) * hs ** -0.5
        causal = torch.ones(T, T, device=x.device).tril().bool()
        scores = scores.masked_fill(~causal, float("-inf"))
        out = F.softmax(scores, dim=-1) @ v
        out = out.transpose(1, 2).reshape(B, T, D)
        return self.o(out)


class MLP(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.fc = nn.Linear(d_model, hidden)
        self.act = nn.GELU()
        self.out = nn.Linear(hidden, d_model)

    def forward(self, x):
        return self.out(self.act(self.fc(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model, mlp_ratio * d_model)

    def forward(self, x):
        x = self.ln_1(x + self.attn(x))
        x = x + self.mlp(self.ln_2(x))
        return x
