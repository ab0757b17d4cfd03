import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size, bias=False)
        self.query = nn.Linear(d_model, head_size, bias=False)
        self.value = nn.Linear(d_model, head_size, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        k, q, v = self.query(x), self.key(x), self.value(x)
        out = torch.zeros_like(v)
        for b in range(B):
            for t in range(T):
                scores = k[b, : t + 1] @ q[b, t] / x.shape[-1] ** 0.5
                weights = torch.softmax(scores, dim=0)
                out[b, t] = weights @ v[b, : t + 1]
        return out


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return self.proj(torch.cat([h(x) for h in self.heads], dim=-1))
