import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    q = torch.matmul(x, w_q).view(B, T, n_heads, hd)
    k = torch.matmul(memory, w_k.T).view(B, S, n_heads, hd)
    v = torch.matmul(memory, w_v).view(B, S, n_heads, hd)
    scores = torch.einsum("bthe,bshe->bhts", q, k) / math.sqrt(hd)
    if memory_mask is not None:
        keep = memory_mask.view(B, 1, 1, S)
        scores = torch.where(keep, torch.full_like(scores, float("-inf")), scores)
    att = torch.softmax(scores, dim=-1)
    att = torch.where(torch.isnan(att), torch.zeros_like(att), att)
    out = torch.einsum("bhts,bshe->bthe", att, v).reshape(B, T, d)
    return torch.matmul(out, w_o)
