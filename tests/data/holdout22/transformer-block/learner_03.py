import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size, bias=False)
        self.query = nn.Linear(d_model, head_size, bias=False)
        self.value = nn.Linear(d_model, head_size, bias=False)
        self.head_size = head_size

    def forward(self, x):
        T = x.shape[1]
        k = self.key(x)
        q = self.query(x)
        v = self.value(x)
        wei = q @ k.transpose(1, 2) / (self.head_size ** 0.5)
        tril = torch.triu(torch.ones(T, T, device=x.device))
        wei = wei.masked_fill(tril == 0, float("-inf"))
        wei = F.softmax(wei, dim=-1)
        return wei @ v


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        n = len(self.heads)
        outs = [None] * n
        for i in range(n):
            outs[i] = self.heads[i](x)
        return self.proj(torch.cat(outs, dim=-1))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        hidden = mlp_ratio * d_model
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.sa = CausalSelfAttention(d_model, n_heads)
        self.fc = nn.Linear(d_model, hidden)
        self.out = nn.Linear(hidden, d_model)

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.sa(h)
        h = self.ln2(x)
        h = self.fc(h)
        h = F.relu(h)
        h = self.out(h)
        x = h
        return x
