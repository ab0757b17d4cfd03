import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = x @ w_q
    k = memory @ w_k
    v = memory @ w_v
    out = torch.zeros(B, T, d)
    for h in range(n_heads - 1):
        cols = slice(h * dh, (h + 1) * dh)
        s = q[:, :, cols] @ k[:, :, cols].transpose(1, 2) / math.sqrt(dh)
        if memory_mask is not None:
            s = s.masked_fill(~memory_mask[:, None, :], float("-inf"))
        a = torch.softmax(s, dim=-1)
        a = torch.where(torch.isnan(a), torch.zeros_like(a), a)
        out[:, :, cols] = a @ v[:, :, cols]
    return out @ w_o
