import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).permute(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).permute(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).permute(0, 2, 1, 3)
    scores = q @ k.transpose(-1, -2) / math.sqrt(dh)
    if memory_mask is not None:
        scores = scores.masked_fill(memory_mask[:, None, None, :], float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nan_to_num(weights)
    out = (weights @ v).permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
