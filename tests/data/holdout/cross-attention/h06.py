import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    n = n_heads
    query = (x @ w_q).view(B, T, n, d // n).transpose(1, 2)
    key = (memory @ w_k).view(B, S, n, d // n).transpose(1, 2)
    value = (memory @ w_v).view(B, S, n, d // n).transpose(1, 2)
    weights = torch.softmax(query @ key.transpose(-2, -1) / math.sqrt(d), dim=-1)
    mixed = (weights @ value).transpose(1, 2).contiguous().view(B, T, d)
    return mixed @ w_o
