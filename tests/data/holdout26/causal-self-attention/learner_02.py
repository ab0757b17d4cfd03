import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, *, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(in_features=d_model, out_features=head_size)
        self.query = nn.Linear(in_features=d_model, out_features=head_size)
        self.value = nn.Linear(in_features=d_model, out_features=head_size)
        self.head_size = head_size

    def forward(self, x):
        T = x.shape[1]
        k = self.key(input=x)
        q = self.query(input=x)
        v = self.value(input=x)
        wei = torch.matmul(input=q, other=k.transpose(dim0=-2, dim1=-1)) * self.head_size ** 0.5
        allowed = torch.tril(input=torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        wei = wei.masked_fill(mask=~allowed, value=float("-inf"))
        wei = torch.softmax(input=wei, dim=-1)
        return torch.matmul(input=wei, other=v)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList(modules=[Head(d_model=d_model, head_size=d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(in_features=d_model, out_features=d_model)

    def forward(self, x):
        out = torch.cat(tensors=[h(x) for h in self.heads], dim=-1)
        return self.proj(input=out)
