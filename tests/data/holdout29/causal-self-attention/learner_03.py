import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.h = n_heads
        self.query = nn.Linear(d_model, d_model)
        self.key = nn.Linear(d_model, d_model)
        self.value = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def _split(self, t):
        B, T, C = t.shape
        return t.unflatten(-1, (self.h, C // self.h)).permute(0, 2, 1, 3)  # (B, h, T, dh), a view

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self._split(self.query(x)), self._split(self.key(x)), self._split(self.value(x))
        scores = q @ k.transpose(-1, -2) * (C // self.h) ** -0.5
        # windows of the ramp -(T-1)..(T-1), rows flipped: rel[i, j] = j - i
        rel = (torch.arange(2 * T - 1, device=x.device) - (T - 1)).unfold(0, T, 1).flip(1)
        scores = scores.masked_fill(rel > 0, float("-inf"))
        att = torch.softmax(scores, dim=-2)
        y = (att @ v).permute(0, 2, 1, 3).flatten(2)
        return self.out_proj(y)
