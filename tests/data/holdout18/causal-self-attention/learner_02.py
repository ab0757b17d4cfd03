import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads, block_size=1024):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.register_buffer("causal", torch.ones(block_size, block_size, dtype=torch.bool).tril(), persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        H, D = self.n_heads, self.d_head
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, H, D).transpose(1, 2).reshape(B * H, T, D)
        k = k.view(B, T, H, D).transpose(1, 2).reshape(B * H, T, D)
        v = v.view(B, T, H, D).transpose(1, 2).reshape(B * H, T, D)
        bias = torch.zeros(T, T, dtype=x.dtype, device=x.device).masked_fill_(self.causal[:T, :T], float("-inf"))
        att = torch.baddbmm(bias.expand(B * H, T, T), q, k.transpose(1, 2), alpha=C ** -0.5)
        att = F.softmax(att, dim=-1, dtype=x.dtype)
        y = torch.bmm(att, v).view(B, T, C)
        return self.c_proj(y)
