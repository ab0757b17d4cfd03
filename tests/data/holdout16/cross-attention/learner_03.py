import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    assert x.dim() == 3 and memory.dim() == 3, "x (B, T, d) and memory (B, S, d)"
    B, T, d = x.shape
    S = memory.shape[1]
    assert memory.shape[0] == B and memory.shape[2] == d
    assert d % n_heads == 0
    d_head = d // n_heads
    q = torch.matmul(x, w_q).reshape(B, T, n_heads, d_head).permute(0, 2, 1, 3)
    k = torch.matmul(memory, w_k).reshape(B, S, n_heads, d_head).permute(0, 2, 1, 3)
    v = torch.matmul(memory, w_v).reshape(B, S, n_heads, d_head).permute(0, 2, 1, 3)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
    if memory_mask is not None:
        assert memory_mask.shape == (B, S)
        pad = memory_mask.bool()
        scores = scores.masked_fill(pad[:, None, None, :], float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    out = torch.matmul(weights, v).permute(0, 2, 1, 3).reshape(B, T, d)
    return torch.matmul(out, w_o)
