import torch
import torch.nn as nn


def _causal_mask(T, device):
    """True where query i may see key j (j <= i)."""
    return torch.ones(T, T, dtype=torch.bool, device=device).tril()


assert _causal_mask(3, "cpu").sum().item() == 6


def _heads(t, n_heads):
    """(B, T, d) -> (B, H, T, d/H)."""
    B, T, d = t.shape
    return t.reshape(B, n_heads, T, d // n_heads)


assert _heads(torch.zeros(2, 5, 6), 3).shape == (2, 3, 5, 2)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, d = x.shape
        k, q, v = self.qkv(x).split(d, dim=-1)
        q, k, v = _heads(q, self.n_heads), _heads(k, self.n_heads), _heads(v, self.n_heads)
        assert q.shape == (B, self.n_heads, T, d // self.n_heads)
        att = q @ k.transpose(-2, -1) * (q.shape[-1] ** -0.5)
        att = att.masked_fill(~_causal_mask(T, x.device), float("-inf"))
        att = att.softmax(dim=-1)
        y = (att @ v).permute(0, 2, 1, 3).reshape(B, T, d)
        return self.proj(y)
