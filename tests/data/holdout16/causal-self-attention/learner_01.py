import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(d_model, d_model) for _ in range(4))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (l(x).view(B, T, self.h, -1).transpose(1, 2) for l in (self.wq, self.wk, self.wv))
        a = (q @ k.transpose(-2, -1) / C ** 0.5).masked_fill(torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
        return self.wo((F.softmax(a, -1) @ v).reshape(B, T, C))
