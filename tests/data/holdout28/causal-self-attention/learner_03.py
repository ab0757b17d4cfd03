import torch
import torch.nn as nn


def _causal_mask(T, device):
    return torch.tril(torch.ones(T, T, device=device)) == 1


def _weights(q, k, mask):
    s = q @ k.transpose(-2, -1) * q.shape[-1] ** 0.5
    return torch.softmax(s.masked_fill(~mask, float("-inf")), dim=-1)


class _Head(nn.Module):
    def __init__(self, d_model, d_head):
        super().__init__()
        self.key = nn.Linear(d_model, d_head, bias=False)
        self.query = nn.Linear(d_model, d_head, bias=False)
        self.value = nn.Linear(d_model, d_head, bias=False)

    def forward(self, x, mask):
        return _weights(self.query(x), self.key(x), mask) @ self.value(x)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([_Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        mask = _causal_mask(x.shape[1], x.device)
        return self.proj(torch.cat([h(x, mask) for h in self.heads], dim=-1))
