import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        h = self.n_heads
        e = D // h
        # (b t (three h e)) -> three tensors (b t h e)
        q, k, v = self.c_attn(x).reshape(B, T, h, 3, e).unbind(dim=3)
        s = torch.einsum("bthe,bshe->bhts", q, k) * e ** -0.5
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).triu()
        s = s.masked_fill(~causal, float("-inf"))
        p = s.softmax(dim=-1)
        # (b h t s), (b s h e) -> (b t (h e))
        y = torch.einsum("bhts,bshe->bthe", p, v).reshape(B, T, D)
        return self.c_proj(y)
