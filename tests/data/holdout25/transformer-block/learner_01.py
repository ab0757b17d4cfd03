import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size)
        self.query = nn.Linear(d_model, head_size)
        self.value = nn.Linear(d_model, head_size)

    def forward(self, x):
        T = x.shape[1]
        K, Q, V = self.key(x), self.query(x), self.value(x)
        # score cell (i, j) = Q_i . K_j / SQRT(head_size), blank (-inf) when j > i
        S = Q @ K.transpose(-2, -1) / K.shape[-1] ** 0.5
        S = S.masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).tril(1) == 0, float("-inf"))
        W = torch.softmax(S, dim=-1)
        return W @ V


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return self.proj(torch.cat([h(x) for h in self.heads], dim=-1))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.ffwd = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(), nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        # row 2 = row 1 + ATTN(LN(row 1));  row 3 = row 2 + MLP(LN(row 2))
        x = x + self.attn(self.ln_1(x))
        x = self.ln_2(x + self.ffwd(x))
        return x
