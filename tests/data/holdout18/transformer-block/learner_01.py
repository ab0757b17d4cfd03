import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    @property
    def d_head(self):
        return self.proj.in_features // self.n_heads

    @staticmethod
    def causal_mask(T, device):
        return torch.ones(T, T, dtype=torch.bool, device=device).tril()

    def split_heads(self, t):
        B, T, C = t.shape
        return t.view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (self.split_heads(t) for t in self.qkv(x).chunk(3, dim=-1))
        att = torch.matmul(q, k.transpose(-2, -1)) * self.d_head ** -0.5
        att = att.masked_fill(~self.causal_mask(T, x.device), float("-inf"))
        y = torch.matmul(att.softmax(dim=-1), v)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class FeedForward(nn.Module):
    def __init__(self, d_model, mlp_ratio):
        super().__init__()
        self.fc = nn.Linear(d_model, mlp_ratio * d_model)
        self.act = nn.GELU(approximate="tanh")
        self.proj = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        return self.proj(self.act(self.fc(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = FeedForward(d_model, mlp_ratio)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x
