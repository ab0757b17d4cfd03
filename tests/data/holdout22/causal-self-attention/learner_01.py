import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.d_model = d_model
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, _ = x.shape
        H = self.n_heads
        hd = self.head_dim
        q = self.q_proj(x)
        k = self.k_proj(x)
        v = self.v_proj(x)
        mask = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        outs = []
        for h in range(H):
            c0 = h * hd
            c1 = c0 + hd
            s = q[:, :, c0:c1] @ k[:, :, c0:c1].transpose(1, 2)
            s = s / math.sqrt(hd)
            s = s.masked_fill(~mask, float("-inf"))
            p = torch.softmax(s, dim=1)
            outs.append(p @ v[:, :, c0:c1])
        y = torch.cat(outs, dim=-1)
        return self.o_proj(y)
