import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = (memory @ w_k).view(B, S, n_heads, dh).transpose(1, 2)
    v = (memory @ w_v).view(B, S, n_heads, dh).transpose(1, 2)
    scores = q @ k.transpose(-1, -2) / math.sqrt(dh)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]
        scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    out = (weights @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
