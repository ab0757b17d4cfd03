import torch
import torch.nn as nn


def _causal_mask(T, device):
    keep = torch.ones(T, T, dtype=torch.bool, device=device).tril()
    assert keep.shape == (T, T)
    return keep


def _heads(t, n_heads):
    B, T, D = t.shape
    assert D % n_heads == 0
    E = D // n_heads
    return t.reshape(B, T, n_heads, E).permute(0, 2, 1, 3), E


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.d_model = d_model
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        assert D == self.d_model
        k_lin, q_lin, v_lin = self.qkv(x).split(self.d_model, dim=-1)
        q, E = _heads(q_lin, self.n_heads)
        k, _ = _heads(k_lin, self.n_heads)
        v, _ = _heads(v_lin, self.n_heads)
        att = (q @ k.transpose(-2, -1)) / (E ** 0.5)
        att = att.masked_fill(~_causal_mask(T, x.device), float("-inf"))
        att = torch.softmax(att, dim=-2)
        y = (att @ v).permute(0, 2, 1, 3).reshape(B, T, D)
        return self.proj(y)
