import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = torch.matmul(x, w_q).reshape(B, T, n_heads, dh).transpose(1, 2)
    k = torch.matmul(memory, w_k).reshape(B, S, n_heads, dh).transpose(1, 2)
    v = torch.matmul(memory, w_v).reshape(B, S, n_heads, dh).transpose(1, 2)
    scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(dh)
    if memory_mask is not None:
        scores = scores.masked_fill(memory_mask[:, None, None, :] == 0, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    probs = torch.nan_to_num(probs, nan=0.0)
    ctx = torch.matmul(probs, v).transpose(1, 2).reshape(B, T, d)
    return torch.matmul(ctx, w_o.T)
