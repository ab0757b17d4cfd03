import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads

    def rows(t, L):
        # (B, L, d) -> (B * n_heads, L, dh): one block of rows per (batch, head)
        return t.reshape(B, L, n_heads, dh).permute(0, 2, 1, 3).reshape(B * n_heads, L, dh)

    q = rows(x @ w_q, T)
    k = rows(memory @ w_k, S)
    v = rows(memory @ w_v, S)
    s = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(dh)
    if memory_mask is not None:
        keep = memory_mask.repeat(n_heads, 1)[:, None, :]
        s = s.masked_fill(~keep, float("-inf"))
    p = torch.softmax(s, dim=-1)
    p = torch.nan_to_num(p, nan=0.0)
    o = torch.bmm(p, v).reshape(B, n_heads, T, dh).permute(0, 2, 1, 3).reshape(B, T, d)
    return o
